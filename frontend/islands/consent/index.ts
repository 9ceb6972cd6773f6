// Consent island: present only when analytics or ads are configured. Shows the small
// dialog until the visitor decides, then loads exactly what was allowed. The footer's
// "Privacy choices" button reopens it at any time.
import {
  ACCEPT_ALL,
  REFUSE_ALL,
  allows,
  needsAsking,
  parseChoice,
  serializeChoice,
  withdrawn,
  type Choice,
  type Purpose,
} from "../../lib/consent";
import { rememberConsent, storedConsent } from "../../lib/storage";

type Config = { analyticsId: string; adClient: string };
type GtagWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };

export const CONSENT_EVENT = "pokeguess:consent";

function addScript(src: string, onError: (event: Event | string) => void): void {
  if (document.querySelector(`script[src="${CSS.escape(src)}"]`)) return;
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  script.crossOrigin = "anonymous";
  script.addEventListener("error", onError);
  document.head.append(script);
}

function loadAnalytics(id: string): void {
  const w = window as GtagWindow;
  if (w.gtag) return;
  w.dataLayer = w.dataLayer || [];
  w.gtag = function gtag() {
    // gtag.js reads the arguments object itself, not an array copy.
    // eslint-disable-next-line prefer-rest-params -- the tag's documented calling convention
    w.dataLayer?.push(arguments);
  };
  w.gtag("js", new Date());
  w.gtag("config", id, {
    send_page_view: true,
    page_path: location.pathname + location.search,
    page_location: location.href,
    page_title: document.title,
  });
  addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`, (error) =>
    console.error("Error loading analytics:", error),
  );
}

function loadAds(client: string): void {
  addScript(
    `https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=${encodeURIComponent(client)}`,
    (error) => console.error("Error loading AdSense:", error),
  );
}

function apply(choice: Choice, config: Config): void {
  if (config.analyticsId && choice.analytics) loadAnalytics(config.analyticsId);
  if (config.adClient && choice.ads) loadAds(config.adClient);
  window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: choice }));
}

export function currentChoice(): Choice | null {
  return parseChoice(storedConsent());
}

export function mount(root: HTMLElement): void {
  const dialog = root.querySelector<HTMLDialogElement>("dialog");
  const configNode = document.getElementById("consent-config");
  if (!dialog || !configNode) return;
  const config = JSON.parse(configNode.textContent || "{}") as Config;
  const configured: Purpose[] = [];
  if (config.analyticsId) configured.push("analytics");
  if (config.adClient) configured.push("ads");
  const boxes = new Map<Purpose, HTMLInputElement>();
  for (const purpose of configured) {
    const box = dialog.querySelector<HTMLInputElement>(`input[name="${purpose}"]`);
    if (box) boxes.set(purpose, box);
  }

  let choice = currentChoice();
  const show = (): void => {
    for (const [purpose, box] of boxes) box.checked = allows(choice, purpose);
    if (!dialog.open) dialog.show();
    dialog.querySelector<HTMLElement>("[data-consent-first]")?.focus();
  };
  const decide = (next: Choice): void => {
    const before = choice;
    choice = next;
    rememberConsent(serializeChoice(next, new Date()));
    dialog.close();
    if (withdrawn(before, next)) {
      window.location.reload();
      return;
    }
    apply(next, config);
  };

  dialog
    .querySelector("[data-consent-accept]")
    ?.addEventListener("click", () => decide(ACCEPT_ALL));
  dialog
    .querySelector("[data-consent-refuse]")
    ?.addEventListener("click", () => decide(REFUSE_ALL));
  dialog.querySelector("[data-consent-save]")?.addEventListener("click", () =>
    decide({
      analytics: boxes.get("analytics")?.checked ?? false,
      ads: boxes.get("ads")?.checked ?? false,
    }),
  );
  dialog.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && choice !== null) dialog.close();
  });
  document.querySelectorAll("[data-consent-open]").forEach((button) => {
    button.removeAttribute("hidden");
    button.addEventListener("click", show);
  });

  if (needsAsking(choice, configured)) show();
  else if (choice) apply(choice, config);
}
