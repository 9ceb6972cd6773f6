// The game page editor shows one language at a time: modeltranslation's switch above the
// form turns every field's tabs together. Give it a name, and start on the staff
// member's admin language so they see the fields they translate first. The switch is
// created by modeltranslation's script once the page is ready, so wait for it.
(() => {
  const setUp = (select) => {
    const label = document.getElementById("game-language-switch-label");
    if (label) select.setAttribute("aria-labelledby", label.id);
    const wanted = document.documentElement.lang;
    const option = Array.from(select.options).find((o) => o.textContent === wanted);
    if (option && select.value !== option.value) {
      select.value = option.value;
      select.dispatchEvent(new Event("change", { bubbles: true }));
    }
  };
  const find = () => document.getElementById("modeltranslation-main-switch");
  const start = () => {
    const select = find();
    if (select) return setUp(select);
    const observer = new MutationObserver(() => {
      const found = find();
      if (found) {
        observer.disconnect();
        setUp(found);
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
  };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
