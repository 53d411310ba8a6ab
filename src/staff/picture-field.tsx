// A picture of the brand's menu, banners or stories, chosen in the console (issue 36): the preview is
// the storefront's own variant of it (the square a phone's product card shows, or the shape given),
// so what the owner sees is what a guest sees. A file is chosen or dropped, checked here for what a
// browser can tell (its type and size) and again by the server by its bytes; a refusal is said at the
// field in the console's language and the picture that was there stays.
import { useLingui } from "@lingui/react/macro";
import { useId, useRef, useState, type DragEvent } from "react";
import { PICTURE_MAX_BYTES, type Picture } from "../domain/contract/back-office-pictures.ts";
import { api, ApiError, unwrap } from "../lib/api-client.ts";
import { imageVariantUrl } from "../lib/product-image.ts";
import "./picture-field.css";

const ACCEPTED = ["image/jpeg", "image/png", "image/webp"];

/** Uploads one picture; answers its src (a path the storefront serves in every variant). */
export async function uploadPicture(file: File): Promise<string> {
  const body = new FormData();
  body.append("file", file);
  const picture = unwrap(
    await api<Picture>("/staff/v1/pictures/WITH_TOKEN", { method: "POST", body, silent: true }),
  );
  return picture.src;
}

type Problem = "type" | "size" | "failed";

export function PictureField({
  label,
  value,
  onChange,
  width = 480,
  height = 480,
  disabled = false,
}: {
  label: string;
  /** The picture's src, or null for none. */
  value: string | null;
  onChange: (src: string | null) => void;
  /** The variant the storefront shows it in (a product card's square by default). */
  width?: number;
  height?: number;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [over, setOver] = useState(false);

  const take = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    if (!ACCEPTED.includes(file.type)) {
      setProblem("type");
      return;
    }
    if (file.size > PICTURE_MAX_BYTES) {
      setProblem("size");
      return;
    }
    setUploading(true);
    try {
      onChange(await uploadPicture(file));
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      setProblem(code === "IMAGE_INVALID" ? "type" : code === "IMAGE_TOO_LARGE" ? "size" : "failed");
    } finally {
      setUploading(false);
      if (input.current) input.current.value = "";
    }
  };

  const problemText =
    problem === "type"
      ? t`This file is not a picture. Choose a JPEG, PNG or WebP photo.`
      : problem === "size"
        ? t`This picture is larger than 5 MB. Choose a smaller one.`
        : problem === "failed"
          ? t`The picture was not uploaded. Check your internet connection and try again.`
          : null;
  const preview = imageVariantUrl(value, { w: width, h: height });
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled && !uploading) void take(e.dataTransfer.files[0]);
  };

  return (
    <div className="picture-field" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="staff-label">
        {label}
      </span>
      <div
        className={`picture-field__zone${over ? " picture-field__zone--over" : ""}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => {
          setOver(false);
        }}
        onDrop={onDrop}
      >
        <div
          className="picture-field__preview"
          style={{ aspectRatio: `${String(width)} / ${String(height)}` }}
        >
          {preview ? (
            <img src={preview} alt={t`${label}: as guests see it`} width={width} height={height} />
          ) : (
            <span className="picture-field__none">{t`No picture`}</span>
          )}
        </div>
        <div className="picture-field__side">
          <p className="picture-field__hint">{t`Drop a photo here, or choose one. JPEG, PNG or WebP, up to 5 MB.`}</p>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept={ACCEPTED.join(",")}
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            disabled={disabled || uploading}
            onChange={(e) => void take(e.target.files?.[0])}
          />
          <div className="picture-field__buttons">
            <button
              type="button"
              className="staff-button"
              disabled={disabled || uploading}
              aria-describedby={problemText ? `${id}-error` : undefined}
              onClick={() => input.current?.click()}
            >
              {value ? t`Replace the picture` : t`Choose a picture`}
            </button>
            {value && (
              <button
                type="button"
                className="staff-button"
                disabled={disabled || uploading}
                onClick={() => {
                  setProblem(null);
                  onChange(null);
                }}
              >
                {t`Remove`}
              </button>
            )}
          </div>
          {uploading && (
            <div className="picture-field__progress" role="status">
              <progress aria-label={t`Uploading the picture`} />
              <span>{t`Uploading…`}</span>
            </div>
          )}
          {problemText && (
            <p id={`${id}-error`} className="staff-error" role="alert">
              {problemText}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
