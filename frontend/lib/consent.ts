// Consent for the optional third parties (analytics, ads): pure rules, no DOM.
// The default is no: nothing from those hosts loads until the visitor agrees.
export type Purpose = "analytics" | "ads";
export type Choice = Record<Purpose, boolean>;

// Bump when the purposes change, so everyone is asked again.
export const CONSENT_VERSION = 1;
export const REFUSE_ALL: Choice = { analytics: false, ads: false };
export const ACCEPT_ALL: Choice = { analytics: true, ads: true };

type Stored = { v: number; analytics: boolean; ads: boolean; at: string };

export function parseChoice(raw: string | null): Choice | null {
  if (!raw) return null;
  try {
    const data = JSON.parse(raw) as Partial<Stored> | null;
    if (!data || data.v !== CONSENT_VERSION) return null;
    if (typeof data.analytics !== "boolean" || typeof data.ads !== "boolean") return null;
    return { analytics: data.analytics, ads: data.ads };
  } catch {
    return null;
  }
}

export function serializeChoice(choice: Choice, now: Date): string {
  const stored: Stored = { v: CONSENT_VERSION, ...choice, at: now.toISOString() };
  return JSON.stringify(stored);
}

/** Ask when something is configured and the visitor has not decided yet. */
export function needsAsking(choice: Choice | null, configured: Purpose[]): boolean {
  return configured.length > 0 && choice === null;
}

export function allows(choice: Choice | null, purpose: Purpose): boolean {
  return choice?.[purpose] === true;
}

/** Something that was allowed is now refused: only a reload unloads a third party. */
export function withdrawn(before: Choice | null, after: Choice): boolean {
  return (["analytics", "ads"] as const).some((p) => allows(before, p) && !after[p]);
}
