// Signed webhooks in the console (issue 38): lavash's owner adds an endpoint on a receiver this test
// runs on 127.0.0.1, sees its secret once, sends a test event and sees it received in the delivery
// log; the receiver checks the signature with that secret. Then the section in Russian and Arabic.
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { brandOrigin } from "./support/storefront.ts";
import { signInToConsole } from "./support/session.ts";

/** A lavash owner of this journey's own (scripts/e2e-server.ts): a phone gets one code a minute. */
const LAVASH_OWNER_PHONE = "+998977000371";

interface Got {
  body: string;
  signature: string;
  eventId: string;
}

test.describe("webhooks in the back office", () => {
  test("the owner adds an endpoint, sees its secret once, sends a test event and sees it received", async ({
    page,
    context,
  }, testInfo) => {
    const got: Got[] = [];
    const receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        got.push({
          body: Buffer.concat(chunks).toString("utf8"),
          signature: String(req.headers["savat-signature"]),
          eventId: String(req.headers["savat-event-id"]),
        });
        res.writeHead(200, { "content-type": "text/plain" });
        res.end("thanks");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const hookUrl = `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}/savat-e2e-${String(Date.now())}`;
    try {
      await page.setViewportSize({ width: 1440, height: 900 });
      const origin = brandOrigin(testInfo, "lavash");
      await context.addCookies([{ name: "lang", value: "en", url: origin }]);
      await signInToConsole(page, testInfo, origin, LAVASH_OWNER_PHONE);

      await page.getByRole("link", { name: /^Webhooks/ }).click();
      await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
      await page.getByRole("button", { name: "New endpoint" }).click();
      const form = page.getByRole("dialog", { name: "New endpoint" });
      await form.getByLabel("Address (https)").fill(hookUrl);
      await form.getByRole("checkbox", { name: /Order status changed/ }).check();
      await form.getByRole("button", { name: "Create" }).click();

      const shown = page.getByRole("dialog", { name: "The endpoint's secret" });
      await expect(shown).toBeVisible();
      const secret = (await shown.getByLabel("Secret").textContent()) ?? "";
      expect(secret).toMatch(/^whsec_/);
      await shown.getByRole("button", { name: "I have saved it" }).click();
      await expect(shown).toBeHidden();
      // Shown once: the page no longer holds it, only its last characters.
      expect(await page.content()).not.toContain(secret);

      const row = page.getByRole("listitem").filter({ hasText: hookUrl });
      await expect(row).toContainText(`…${secret.slice(-4)}`);
      await row.getByRole("button", { name: "Send test event" }).click();
      const log = row.getByRole("table");
      await expect(log.getByRole("row").filter({ hasText: "Test event" })).toContainText("Received");
      await expect(log).toContainText("HTTP 200");

      // The test event, once; lavash's orders in journeys running beside this one may add real
      // status changes for the endpoint's subscription.
      const tests = got.filter((g) => (JSON.parse(g.body) as { type?: string }).type === "webhook.test");
      expect(tests).toHaveLength(1);
      const delivery = tests[0];
      if (!delivery) throw new Error("the receiver got no test event");
      const parts = Object.fromEntries(
        delivery.signature.split(",").map((p) => p.split("=", 2) as [string, string]),
      );
      const expected = createHmac("sha256", secret)
        .update(`${parts.t ?? ""}.${delivery.body}`)
        .digest();
      expect(timingSafeEqual(Buffer.from(parts.v1 ?? "", "hex"), expected)).toBe(true);
      expect(JSON.parse(delivery.body)).toMatchObject({ type: "webhook.test", id: delivery.eventId });

      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);

      for (const lang of ["ru", "ar"]) {
        await context.addCookies([{ name: "lang", value: lang, url: origin }]);
        await page.reload();
        const again = page.getByRole("listitem").filter({ hasText: hookUrl });
        await again.getByRole("button").first().click();
        await expect(again.getByRole("table")).toBeVisible();
        await page.screenshot({ path: testInfo.outputPath(`webhooks-${lang}.png`) });
        await again.getByRole("button").nth(3).click();
        await expect(page.getByRole("dialog")).toBeVisible();
        await page.screenshot({ path: testInfo.outputPath(`webhooks-${lang}-secret.png`) });
        await page.getByRole("dialog").getByRole("button").last().click();
        await expect(page.getByRole("dialog")).toBeHidden();
      }

      // Removed after a confirmation: the brand keeps no endpoint from this journey.
      await context.addCookies([{ name: "lang", value: "en", url: origin }]);
      await page.reload();
      const last = page.getByRole("listitem").filter({ hasText: hookUrl });
      await last.getByRole("button", { name: "Remove" }).click();
      await last.getByRole("button", { name: "Yes, remove it" }).click();
      await expect(page.getByRole("listitem").filter({ hasText: hookUrl })).toHaveCount(0);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
