// The one module that touches localStorage (and sessionStorage). Storage can be unavailable (private mode,
// school-managed browsers): every access is guarded and failures are ignored.

const LANGUAGE_KEY = "language"; // the stored preference's key (docs/design.md "Languages")
const CONTRAST_KEY = "highContrast";
const CONSENT_KEY = "consent";
// Read before the first paint by the inline script in portal/templates/base.html.
const THEME_KEY = "theme";
const HARD_KEY = "hardMode";
const GENERATIONS_KEY = "practiceGenerations";
const ONE_LINE_KEY = "shareOneLine";

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* storage disabled: the server-side cookie still holds the preference */
  }
}

export function rememberLanguage(code: string): void {
  if (code && read(LANGUAGE_KEY) !== code) write(LANGUAGE_KEY, code);
}

export function storedLanguage(): string | null {
  return read(LANGUAGE_KEY);
}

export function highContrast(): boolean {
  return read(CONTRAST_KEY) === "1";
}

export function setHighContrast(on: boolean): void {
  write(CONTRAST_KEY, on ? "1" : "0");
}

export function shareOneLine(): boolean {
  return read(ONE_LINE_KEY) === "1";
}

export function setShareOneLine(on: boolean): void {
  write(ONE_LINE_KEY, on ? "1" : "0");
}

export function storedConsent(): string | null {
  return read(CONSENT_KEY);
}

export function rememberConsent(value: string): void {
  write(CONSENT_KEY, value);
}

export type Theme = "system" | "light" | "dark";

export function theme(): Theme {
  const value = read(THEME_KEY);
  return value === "light" || value === "dark" ? value : "system";
}

/** Stores the theme and applies it to the page at once (html[data-theme]). */
export function setTheme(value: Theme): void {
  write(THEME_KEY, value);
  if (value === "system") delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = value;
}

export function hardMode(): boolean {
  return read(HARD_KEY) === "1";
}

export function setHardMode(on: boolean): void {
  write(HARD_KEY, on ? "1" : "0");
}

/** The practice generation filter; empty means every generation. */
export function practiceGenerations(): number[] {
  const raw = read(GENERATIONS_KEY);
  if (!raw) return [];
  return raw
    .split(",")
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 1 && n <= 9);
}

export function setPracticeGenerations(generations: number[]): void {
  write(GENERATIONS_KEY, generations.join(","));
}

// The practice round on screen, for this tab only: a reload brings it back.
const ROUND_KEY = "practiceRound";

export function currentRound(): string | null {
  try {
    return window.sessionStorage.getItem(ROUND_KEY);
  } catch {
    return null;
  }
}

export function setCurrentRound(id: string | null): void {
  try {
    if (id) window.sessionStorage.setItem(ROUND_KEY, id);
    else window.sessionStorage.removeItem(ROUND_KEY);
  } catch {
    /* storage disabled: a reload shows the daily puzzle again */
  }
}
