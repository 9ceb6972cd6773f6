// Accordion rules (docs/design.md "Pages"), kept free of the DOM so they can be unit-tested.

export type Mode = "single" | "multiple";

/** Which trigger gets focus for a key, wrapping at both ends; null = not our key. */
export function nextFocus(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case "ArrowDown":
    case "ArrowRight":
      return (current + 1) % count;
    case "ArrowUp":
    case "ArrowLeft":
      return (current - 1 + count) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}

/** The open flags after toggling item ``index``: single mode closes the others. */
export function toggled(open: readonly boolean[], index: number, mode: Mode): boolean[] {
  const opening = !open[index];
  return open.map((isOpen, i) => {
    if (i === index) return opening;
    return mode === "single" && opening ? false : isOpen;
  });
}
