// Ad slot island: rendered by the server only when an ad client is configured. The slot
// is filled once the visitor has agreed to ads (the consent island loads the ad script),
// one push per slot (docs/design.md "Pages"); a failure is logged and nothing else breaks.
import { allows, parseChoice, type Choice } from "../../lib/consent";
import { storedConsent } from "../../lib/storage";

type AdsWindow = Window & { adsbygoogle?: unknown[] };

function push(root: HTMLElement): void {
  if (root.dataset.pushed) return;
  root.dataset.pushed = "true";
  try {
    const w = window as AdsWindow;
    (w.adsbygoogle = w.adsbygoogle || []).push({});
  } catch (error) {
    console.error("Error loading AdSense:", error);
  }
}

export function mount(root: HTMLElement): void {
  if (allows(parseChoice(storedConsent()), "ads")) {
    push(root);
    return;
  }
  window.addEventListener("pokeguess:consent", (event) => {
    if ((event as CustomEvent<Choice>).detail.ads) push(root);
  });
}
