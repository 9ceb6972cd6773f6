// The transfer page (pages/templates/pages/transfer.html): on the old device, ask for a
// one-time code and show it with its QR code; on the new one, type it (or arrive from
// the QR code, which puts it after the #) and become that player. Not React: the page
// needs two buttons and a field. The server's answers carry translated messages.
import { csrfFromCookies } from "../../lib/csrf";

type ApiError = { error?: { message?: string } };

async function csrfToken(todayUrl: string): Promise<string> {
  const known = csrfFromCookies(document.cookie);
  if (known) return known;
  // A device that never played has no token yet: any API answer sets one.
  const response = await fetch(todayUrl, { credentials: "same-origin" });
  const body = (await response.json()) as { csrf_token?: string };
  return body.csrf_token ?? "";
}

async function post(url: string, body: unknown, todayUrl: string): Promise<Response> {
  return fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", "X-CSRFToken": await csrfToken(todayUrl) },
    body: JSON.stringify(body ?? {}),
  });
}

async function messageOf(response: Response, fallback: string): Promise<string> {
  try {
    return ((await response.json()) as ApiError).error?.message ?? fallback;
  } catch {
    return fallback;
  }
}

export function mount(root: HTMLElement): void {
  const { issueUrl = "", redeemUrl = "", todayUrl = "", offline = "" } = root.dataset;
  const issueButton = root.querySelector<HTMLButtonElement>("[data-transfer-issue]");
  const shown = root.querySelector<HTMLElement>("[data-transfer-code]");
  const codeText = root.querySelector<HTMLElement>("[data-code]");
  const expires = root.querySelector<HTMLTimeElement>("[data-expires] time");
  const qr = root.querySelector<HTMLElement>("[data-qr]");
  const issueStatus = root.querySelector<HTMLElement>("[data-issue-status]");
  const form = root.querySelector<HTMLFormElement>("[data-transfer-redeem]");
  const field = form?.querySelector<HTMLInputElement>("input[name=code]");
  const status = root.querySelector<HTMLElement>("[data-redeem-status]");
  const done = root.querySelector<HTMLElement>("[data-redeem-done]");

  // Arriving from the QR code: the code is in the fragment, which no server sees.
  if (field && /^#[A-Za-z0-9-]{4,20}$/.test(location.hash)) field.value = location.hash.slice(1);

  async function issue(): Promise<void> {
    if (issueStatus) issueStatus.textContent = "";
    try {
      const response = await post(issueUrl, {}, todayUrl);
      if (!response.ok) {
        if (issueStatus) issueStatus.textContent = await messageOf(response, offline);
        return;
      }
      const body = (await response.json()) as { code: string; expires_at: string; qr_svg: string };
      if (codeText) codeText.textContent = body.code;
      if (expires) {
        expires.dateTime = body.expires_at;
        expires.textContent = new Date(body.expires_at).toLocaleTimeString(
          document.documentElement.lang,
          { hour: "2-digit", minute: "2-digit" },
        );
      }
      // The server's own SVG, made from the code alone (segno): no text of anyone's.
      if (qr) qr.innerHTML = body.qr_svg;
      if (shown) shown.hidden = false;
      codeText?.focus();
    } catch {
      if (issueStatus) issueStatus.textContent = offline;
    }
  }

  async function redeem(): Promise<void> {
    if (!form || !field || !status) return;
    status.textContent = "";
    try {
      const response = await post(redeemUrl, { code: field.value }, todayUrl);
      if (response.ok) {
        form.hidden = true;
        if (done) {
          done.hidden = false;
          done.focus();
        }
        return;
      }
      status.textContent = await messageOf(response, offline);
    } catch {
      status.textContent = offline;
    }
  }

  issueButton?.addEventListener("click", () => void issue());
  form?.addEventListener("submit", (event) => {
    event.preventDefault();
    void redeem();
  });
}
