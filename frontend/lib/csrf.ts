// Django's CSRF cookie (CSRF_COOKIE_NAME, left at "csrftoken"): the secret a write's
// X-CSRFToken header is checked against, shared by every tab of the site.
export const CSRF_COOKIE = "csrftoken";

// Django makes the secret of 32 letters and digits, and accepts it as the header as it
// is (or masked, as the API's answers give it).
const SECRET = /^[A-Za-z0-9]{32}$/;

/** The CSRF secret in a `document.cookie` string, or "" when there is none to use. */
export function csrfFromCookies(cookies: string): string {
  for (const part of cookies.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === CSRF_COOKIE) {
      const value = part.slice(at + 1).trim();
      return SECRET.test(value) ? value : "";
    }
  }
  return "";
}
