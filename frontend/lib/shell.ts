// Page chrome: mobile menu, language menu, and the stored language preference.
import { rememberLanguage, storedLanguage } from "./storage";

const LANGUAGE_COOKIE = "django_language";

export function initShell(doc: Document): void {
  const html = doc.documentElement;
  html.classList.add("js");
  // The cookie is the server's copy of the preference. If only localStorage still has
  // it (cookies cleared), restore it once through the switcher, which sets the cookie.
  const stored = storedLanguage();
  const hasCookie = doc.cookie.split("; ").some((c) => c.startsWith(`${LANGUAGE_COOKIE}=`));
  if (!hasCookie && stored && stored !== html.lang && html.lang === "en") {
    const next = location.pathname + location.search + location.hash;
    location.replace(
      `/language/?lang=${encodeURIComponent(stored)}&next=${encodeURIComponent(next)}`,
    );
    return;
  }
  rememberLanguage(html.lang);
  // A prefixed (non-English) page is the stored preference (docs/design.md "Languages"). The server does not
  // set this cookie on pages, so a CDN can cache them (docs/scaling.md).
  if (
    html.lang &&
    html.lang !== "en" &&
    !doc.cookie.split("; ").includes(`${LANGUAGE_COOKIE}=${html.lang}`)
  ) {
    const secure = location.protocol === "https:" ? "; secure" : "";
    doc.cookie = `${LANGUAGE_COOKIE}=${html.lang}; path=/; max-age=31536000; samesite=lax${secure}`;
  }

  const toggle = doc.querySelector<HTMLButtonElement>("[data-nav-toggle]");
  const nav = doc.getElementById("site-nav");
  if (toggle && nav) {
    const setOpen = (open: boolean) => {
      nav.classList.toggle("is-open", open);
      toggle.setAttribute("aria-expanded", String(open));
    };
    toggle.addEventListener("click", () => setOpen(!nav.classList.contains("is-open")));
    // Spec §4: choosing a link closes the menu.
    nav.addEventListener("click", (event) => {
      if ((event.target as Element).closest("a")) setOpen(false);
    });
    doc.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && nav.classList.contains("is-open")) {
        setOpen(false);
        toggle.focus();
      }
    });
  }

  const switcher = doc.querySelector<HTMLDetailsElement>("[data-lang-switcher]");
  if (switcher) {
    switcher.addEventListener("click", (event) => {
      const link = (event.target as Element).closest<HTMLAnchorElement>("a[data-lang]");
      if (link?.dataset.lang) rememberLanguage(link.dataset.lang);
    });
    doc.addEventListener("click", (event) => {
      if (switcher.open && !switcher.contains(event.target as Node)) switcher.open = false;
    });
    switcher.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && switcher.open) {
        switcher.open = false;
        switcher.querySelector("summary")?.focus();
      }
    });
  }
}
