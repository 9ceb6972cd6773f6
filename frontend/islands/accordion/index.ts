// Accordion island: enhances server-rendered <details> items (readable and usable with no
// JavaScript). Deliberately not React: FAQ pages then load no framework at all.
// Single mode keeps at most one item open (closable); multiple mode lets several open.
// Arrow keys, Home and End move focus among the triggers and wrap (docs/design.md "Pages").
import { nextFocus, toggled, type Mode } from "../../lib/accordion";

export function mount(root: HTMLElement): void {
  const mode: Mode = root.dataset.mode === "multiple" ? "multiple" : "single";
  const items = Array.from(root.querySelectorAll<HTMLDetailsElement>(":scope > details"));
  const triggers = items.map((item) => item.querySelector<HTMLElement>(":scope > summary"));

  items.forEach((item, index) => {
    // Single mode is handled here, not by <details name>, so one rule serves all browsers.
    item.removeAttribute("name");
    const trigger = triggers[index];
    if (!trigger) return; // the server renders a <summary> in every item
    trigger.setAttribute("aria-expanded", String(item.open));
    item.addEventListener("toggle", () => {
      trigger.setAttribute("aria-expanded", String(item.open));
      if (item.open && mode === "single") {
        const next = toggled(
          items.map((other, i) => (i === index ? false : other.open)),
          index,
          mode,
        );
        items.forEach((other, i) => {
          const open = next[i] ?? other.open;
          if (other.open !== open) other.open = open;
        });
      }
    });
    trigger.addEventListener("keydown", (event) => {
      const target = nextFocus(event.key, index, triggers.length);
      if (target === null) return;
      event.preventDefault();
      triggers[target]?.focus();
    });
  });
}
