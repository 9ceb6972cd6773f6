// Game frame island: a fullscreen button for the embedded third-party game.
export function mount(root: HTMLElement): void {
  const frame = root.querySelector<HTMLIFrameElement>("iframe");
  const button = root.querySelector<HTMLButtonElement>("[data-fullscreen]");
  if (!frame || !button) return;
  if (!document.fullscreenEnabled) {
    button.hidden = true;
    return;
  }
  button.hidden = false;
  button.addEventListener("click", () => {
    const target = root.querySelector<HTMLElement>(".frame") ?? frame;
    target.requestFullscreen().catch((error: unknown) => {
      console.warn("Fullscreen was refused", error);
    });
  });
}
