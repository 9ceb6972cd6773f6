// Game frame island: the embedded third-party game loads only when the visitor asks for
// it. The page holds a button with the frame's address; a click (or Enter or Space)
// makes the iframe in its place, so the game's site sees no request before that. Then a
// fullscreen button for the game.
export function mount(root: HTMLElement): void {
  const play = root.querySelector<HTMLButtonElement>("[data-frame-src]");
  const fullscreen = root.querySelector<HTMLButtonElement>("[data-fullscreen]");
  if (!play) return;
  play.addEventListener(
    "click",
    () => {
      const frame = document.createElement("iframe");
      frame.src = play.dataset.frameSrc ?? "";
      frame.title = play.dataset.frameTitle ?? "";
      frame.setAttribute("allow", play.dataset.frameAllow ?? "");
      frame.referrerPolicy = "strict-origin-when-cross-origin";
      (play.closest(".frame__poster") ?? play).replaceWith(frame);
      // Keyboard focus follows the button into the game it loaded.
      frame.focus();
      if (fullscreen && document.fullscreenEnabled) fullscreen.hidden = false;
    },
    { once: true },
  );
  fullscreen?.addEventListener("click", () => {
    const target = root.querySelector<HTMLElement>(".frame");
    target?.requestFullscreen().catch((error: unknown) => {
      console.warn("Fullscreen was refused", error);
    });
  });
  // The button works from here on (tests wait for it; it is pressed before then only
  // in the moment the page's script is still loading).
  root.dataset.ready = "true";
}
