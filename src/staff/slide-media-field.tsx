// A story slide's picture or clip, chosen in the console (issue 36). The preview is the slide as a
// phone's story viewer shows it: the stored file itself in a 9:16 frame, cropped the same way, and a
// clip playing muted in a loop. A file is chosen or dropped, checked here for what a browser can tell
// (its type and size) and again by the server by its bytes; a refusal is said at the field in the
// console's language, and what was there stays.
import { useLingui } from "@lingui/react/macro";
import { useId, useRef, useState, type DragEvent } from "react";
import { PICTURE_MAX_BYTES } from "../domain/contract/back-office-pictures.ts";
import { CLIP_MAX_BYTES, type Clip } from "../domain/contract/back-office-stories.ts";
import { api, ApiError, unwrap } from "../lib/api-client.ts";
import { uploadPicture } from "./picture-field.tsx";
import "./picture-field.css";

const PICTURES = ["image/jpeg", "image/png", "image/webp"];
const CLIPS = ["video/mp4", "video/webm"];

/** Uploads one clip; answers its src (a path the storefront plays). */
export async function uploadClip(file: File): Promise<string> {
  const body = new FormData();
  body.append("file", file);
  return unwrap(await api<Clip>("/staff/v1/clips/WITH_TOKEN", { method: "POST", body, silent: true })).src;
}

type Problem = "type" | "size" | "failed";

export function SlideMediaField({
  label,
  kind,
  value,
  onChange,
  describedBy,
}: {
  label: string;
  kind: "IMAGE" | "VIDEO";
  /** The file's src, or "" for none yet. */
  value: string;
  onChange: (src: string) => void;
  /** The id of an error said about this field by its form. */
  describedBy?: string | undefined;
}) {
  const { t } = useLingui();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [over, setOver] = useState(false);
  const clip = kind === "VIDEO";
  const accepted = clip ? CLIPS : PICTURES;
  const max = clip ? CLIP_MAX_BYTES : PICTURE_MAX_BYTES;

  const take = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    if (!accepted.includes(file.type)) {
      setProblem("type");
      return;
    }
    if (file.size > max) {
      setProblem("size");
      return;
    }
    setUploading(true);
    try {
      onChange(clip ? await uploadClip(file) : await uploadPicture(file));
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      setProblem(
        code === "CLIP_INVALID" || code === "IMAGE_INVALID"
          ? "type"
          : code === "CLIP_TOO_LARGE" || code === "IMAGE_TOO_LARGE"
            ? "size"
            : "failed",
      );
    } finally {
      setUploading(false);
      if (input.current) input.current.value = "";
    }
  };

  const problemText =
    problem === "type"
      ? clip
        ? t`This file is not a clip. Choose an MP4 or WebM video.`
        : t`This file is not a picture. Choose a JPEG, PNG or WebP photo.`
      : problem === "size"
        ? clip
          ? t`This clip is larger than 15 MB. Choose a shorter one.`
          : t`This picture is larger than 5 MB. Choose a smaller one.`
        : problem === "failed"
          ? t`The file was not uploaded. Check your internet connection and try again.`
          : null;
  const described = [problemText ? `${id}-error` : "", describedBy ?? ""].filter(Boolean).join(" ");
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!uploading) void take(e.dataTransfer.files[0]);
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
        <div className="picture-field__preview slide-media__preview">
          {value === "" ? (
            <span className="picture-field__none">{clip ? t`No clip` : t`No picture`}</span>
          ) : clip ? (
            <video
              src={value}
              aria-label={t`${label}: as guests see it`}
              muted
              loop
              autoPlay
              playsInline
              preload="metadata"
            />
          ) : (
            <img src={value} alt={t`${label}: as guests see it`} />
          )}
        </div>
        <div className="picture-field__side">
          <p className="picture-field__hint">
            {clip
              ? t`Drop a clip here, or choose one. MP4 or WebM, up to 15 MB; it plays muted.`
              : t`Drop a photo here, or choose one. JPEG, PNG or WebP, up to 5 MB.`}
          </p>
          <input
            ref={input}
            type="file"
            accept={accepted.join(",")}
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            disabled={uploading}
            onChange={(e) => void take(e.target.files?.[0])}
          />
          <div className="picture-field__buttons">
            <button
              type="button"
              className="staff-button"
              disabled={uploading}
              aria-describedby={described || undefined}
              onClick={() => input.current?.click()}
            >
              {clip
                ? value
                  ? t`Replace the clip`
                  : t`Choose a clip`
                : value
                  ? t`Replace the picture`
                  : t`Choose a picture`}
            </button>
          </div>
          {uploading && (
            <div className="picture-field__progress" role="status">
              <progress aria-label={clip ? t`Uploading the clip` : t`Uploading the picture`} />
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
