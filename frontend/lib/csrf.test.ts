import { describe, expect, it } from "vitest";
import { csrfFromCookies } from "./csrf";

const SECRET = "AbCdEfGhIjKlMnOpQrStUvWxYz012345";

describe("csrfFromCookies", () => {
  it("finds the secret among other cookies", () => {
    expect(csrfFromCookies(`pg_consent=1; csrftoken=${SECRET}; theme=dark`)).toBe(SECRET);
    expect(csrfFromCookies(`csrftoken=${SECRET}`)).toBe(SECRET);
  });

  it("gives nothing when the cookie is missing, empty or not a secret", () => {
    expect(csrfFromCookies("")).toBe("");
    expect(csrfFromCookies("theme=dark")).toBe("");
    expect(csrfFromCookies("csrftoken=")).toBe("");
    expect(csrfFromCookies("csrftoken=short")).toBe("");
    expect(csrfFromCookies(`csrftoken=${SECRET.slice(0, 31)}%`)).toBe("");
  });

  it("reads the cookie by its whole name", () => {
    expect(csrfFromCookies(`xcsrftoken=${SECRET}`)).toBe("");
    expect(csrfFromCookies(`csrftoken_old=${SECRET}`)).toBe("");
  });
});
