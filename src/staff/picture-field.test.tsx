// The console's picture field (issue 36) as an owner uses it: a file that is not a picture, or one
// over 5 MB, is refused at the field without an upload and the picture that was there stays; a photo
// is uploaded and its src handed on; the server's refusal is said at the field too.
import { I18nProvider } from "@lingui/react";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { i18n } from "../lib/i18n.ts";
import { json } from "../test/fixtures.ts";
import { PictureField } from "./picture-field.tsx";

const SRC = "/api/products/v1/pictures/0190c0de-0000-7000-8000-000000000001.webp";

function field(value: string | null = null) {
  const onChange = vi.fn();
  const view = render(
    <I18nProvider i18n={i18n}>
      <PictureField label="Dish picture" value={value} onChange={onChange} />
    </I18nProvider>,
  );
  const input = view.container.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error("no file input");
  return { onChange, choose: (file: File) => fireEvent.change(input, { target: { files: [file] } }) };
}

function answer(response: Response) {
  const fetch = vi.fn(async () => response);
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("the picture field", () => {
  it("refuses a text file at the field without uploading it, and keeps the picture there", async () => {
    const fetch = answer(json(201, { src: SRC }));
    const { onChange, choose } = field(SRC);
    choose(new File(["a menu"], "menu.txt", { type: "text/plain" }));
    expect((await screen.findByRole("alert")).textContent).toContain("This file is not a picture");
    expect(fetch).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole("img", { name: /Dish picture/ })).toBeTruthy();
  });

  it("refuses a picture over 5 MB at the field", async () => {
    const fetch = answer(json(201, { src: SRC }));
    const { choose } = field();
    choose(new File([new Uint8Array(5 * 1024 * 1024 + 1)], "huge.jpg", { type: "image/jpeg" }));
    expect((await screen.findByRole("alert")).textContent).toContain("larger than 5 MB");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("uploads a photo and hands on its src", async () => {
    const fetch = answer(json(201, { src: SRC }));
    const { onChange, choose } = field();
    choose(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "plov.png", { type: "image/png" }));
    await waitFor(() => {
      expect(onChange).toHaveBeenCalledWith(SRC);
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("says the server's refusal of a file that only looks like a picture at the field", async () => {
    answer(
      json(415, {
        status: 415,
        code: "IMAGE_INVALID",
        description: { uz: "-", ru: "-", eng: "not a picture" },
      }),
    );
    const { onChange, choose } = field();
    choose(new File(["not really"], "fake.png", { type: "image/png" }));
    expect((await screen.findByRole("alert")).textContent).toContain("This file is not a picture");
    expect(onChange).not.toHaveBeenCalled();
  });
});
