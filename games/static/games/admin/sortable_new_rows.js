// django-admin-sortable2 drags only the rows saved before (".has_original"), so an item
// added with "Add another" could not be moved. Such a row gets the class too: it is
// dragged like the others, and on drop every row, the new one included, gets its
// position in its hidden order input. A table row also gets the cell its handle is in.
document.addEventListener("formset:added", (event) => {
  const row = event.target;
  if (!(row instanceof HTMLElement) || !row.closest("fieldset.sortable")) return;
  row.classList.add("has_original");
  const cell = row.querySelector("td.original");
  if (cell && !cell.querySelector("p")) {
    const handle = document.createElement("p");
    handle.textContent = "⠿";
    handle.setAttribute("aria-hidden", "true");
    cell.prepend(handle);
  }
});
