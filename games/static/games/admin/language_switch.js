// The game page editor shows one language at a time: modeltranslation's switch above the
// form turns every field's tabs together. Give it a name, and start on the staff
// member's admin language so they see the fields they translate first.
window.addEventListener("load", () => {
  const select = document.getElementById("modeltranslation-main-switch");
  const label = document.getElementById("game-language-switch-label");
  if (!select) return;
  if (label) select.setAttribute("aria-labelledby", label.id);
  const wanted = document.documentElement.lang;
  const option = Array.from(select.options).find((o) => o.textContent === wanted);
  if (option && select.value !== option.value) {
    select.value = option.value;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  }
});
