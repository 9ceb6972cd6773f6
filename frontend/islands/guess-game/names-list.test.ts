// The names list: a Chinese page loads the Traditional → Simplified table with it, so
// the suggestions find Traditional spellings; no other page fetches the table.
import { afterEach, beforeEach, expect, it, vi } from "vitest";

beforeEach(() => {
  vi.resetModules(); // a fresh list and a table not loaded yet, for each page
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The key of a Traditional spelling once a page in ``lang`` has its names list. */
async function keyAfterTheList(lang: string): Promise<string> {
  const list = { lang, version: "1", names: [{ name: "路卡利欧", id: 448 }] };
  const answer = new Response(JSON.stringify(list), {
    status: 200,
    headers: { "Content-Type": "application/json" },
  });
  vi.stubGlobal("fetch", vi.fn<typeof fetch>().mockResolvedValue(answer));
  const { loadNames } = await import("./api");
  const { normalizeName } = await import("../../lib/names");
  await loadNames(`/api/pokemon/names?lang=${lang}`);
  return normalizeName("路卡利歐");
}

it("reads Traditional Chinese as Simplified on the Chinese page", async () => {
  expect(await keyAfterTheList("zh")).toBe("路卡利欧");
});

it("leaves the table unloaded on other pages", async () => {
  expect(await keyAfterTheList("ja")).toBe("路卡利歐");
});
