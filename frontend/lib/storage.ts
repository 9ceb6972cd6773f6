// The one module that touches localStorage. Storage can be unavailable (private mode,
// school-managed browsers): every access is guarded and failures are ignored.

const LANGUAGE_KEY = "language"; // spec §3/§9: the stored preference's key
const CONTRAST_KEY = "highContrast";
const CONSENT_KEY = "consent";

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

export function storedConsent(): string | null {
  return read(CONSENT_KEY);
}

export function rememberConsent(value: string): void {
  write(CONSENT_KEY, value);
}
