// Time left until the next daily puzzle. Durations do not depend on the time zone, so
// the countdown is right in the player's local time whatever their clock's zone.

export type Remaining = { hours: number; minutes: number; seconds: number; done: boolean };

export function remaining(nextIso: string, nowMs: number): Remaining {
  const left = Math.ceil((Date.parse(nextIso) - nowMs) / 1000);
  if (!(left > 0)) return { hours: 0, minutes: 0, seconds: 0, done: true };
  return {
    hours: Math.floor(left / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
    done: false,
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** HH:MM:SS */
export function formatRemaining({ hours, minutes, seconds }: Remaining): string {
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
}
