import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState, type ChangeEvent, type SyntheticEvent } from "react";
import { ActionButton } from "../../../components/action-button.tsx";
import { ChoiceRow } from "../../../components/choice-row.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useLocation } from "wouter";
import { LoginPrompt } from "../../../components/login-prompt.tsx";
import { UrlSheet, useUrlSheet } from "../../../components/url-sheet.tsx";
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TYPES,
  type User,
} from "../../../domain/contract/users.ts";
import { formatPhone } from "../../../domain/phone.ts";
import { queryKeys } from "../../../shared/query-keys.ts";
import { failureText, logout, saveUser } from "../../../shared/session/auth.ts";
import { notify } from "../../../lib/notify.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { usePageTitle } from "../../../shared/brand/use-page-title.ts";
import { useDeleteAccount } from "../api/delete-account.ts";
import { useDeleteProfileImage, useUploadProfileImage } from "../api/profile-image.ts";
import { useUpdateUser } from "../api/update-user.ts";
import { PhoneChangeFlow } from "./phone-change-flow.tsx";
import { useSessionUser } from "./profile-page.tsx";
import { UserAvatar } from "./user-avatar.tsx";
import "./profile.css";
import { ltr } from "../../../lib/format.ts";

/** The e-mail rule of the spec's validator: a plausible address of at most 320 characters. */
export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value);
}

/** /profile/user: personal information, the photo, the phone change and account deletion. */
export function UserPage() {
  const { t } = useLingui();
  usePageTitle(t`Personal information`);
  const user = useSessionUser();
  if (!user) {
    return (
      <div className="page profile-page">
        <h1 className="profile-page__title">{t`Personal information`}</h1>
        <LoginPrompt />
      </div>
    );
  }
  return <UserForms user={user} />;
}

function useApplyUser() {
  const { sub, merchant } = useRequiredTenant();
  const queryClient = useQueryClient();
  return (user: User) => {
    saveUser(sub, user);
    queryClient.setQueryData(queryKeys.me(merchant.id), user);
  };
}

function UserForms({ user }: { user: User }) {
  const { t } = useLingui();
  const applyUser = useApplyUser();
  const [firstName, setFirstName] = useState(user.firstName ?? "");
  const [lastName, setLastName] = useState(user.lastName ?? "");
  const [email, setEmail] = useState(user.email ?? "");
  const [birthday, setBirthday] = useState(user.birthday ?? "");
  const [gender, setGender] = useState<User["gender"]>(user.gender);
  const [errors, setErrors] = useState<{ firstName?: string; email?: string; birthday?: string }>({});
  const update = useUpdateUser(user.id);
  const phoneSheet = useUrlSheet("change-phone");
  const deleteSheet = useUrlSheet("delete-account");
  const today = new Date().toISOString().slice(0, 10);

  const save = (event: SyntheticEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (firstName.trim() === "") next.firstName = t`Please fill in this field!`;
    if (email.trim() !== "" && !isValidEmail(email.trim())) next.email = t`Enter a valid e-mail address`;
    if (birthday !== "" && (birthday < "1900-01-01" || birthday > today))
      next.birthday = t`Enter a real date of birth`;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    update.mutate(
      {
        firstName: firstName.trim(),
        lastName: lastName.trim() || null,
        email: email.trim() || null,
        birthday: birthday || null,
        gender,
      },
      {
        onSuccess: (saved) => {
          applyUser(saved);
          notify({ kind: "success", text: t`Data is updated` });
        },
        onError: (caught) => {
          notify({ kind: "error", text: failureText(caught) });
        },
      },
    );
  };

  return (
    <div className="page profile-page">
      <h1 className="profile-page__title">{t`Personal information`}</h1>
      <ProfilePhoto user={user} />
      <div className="profile-phone">
        <span>
          <span className="profile-phone__label">{t`Phone number`}</span>
          <span dir="ltr" data-testid="profile-phone">
            {user.phone ? ltr(formatPhone(user.phone)) : t`Not set`}
          </span>
        </span>
        <ActionButton kind="secondary" size="s" onClick={phoneSheet.open}>
          {user.phone ? t`Change` : t`Add`}
        </ActionButton>
      </div>
      <form className="profile-form" noValidate onSubmit={save}>
        <TextField
          name="firstName"
          label={t`First name`}
          value={firstName}
          onChange={(e) => {
            setFirstName(e.target.value);
          }}
          autoComplete="given-name"
          maxLength={NAME_MAX_LENGTH}
          error={errors.firstName ?? null}
        />
        <TextField
          name="lastName"
          label={t`Last name`}
          value={lastName}
          onChange={(e) => {
            setLastName(e.target.value);
          }}
          autoComplete="family-name"
          maxLength={NAME_MAX_LENGTH}
        />
        <TextField
          name="email"
          label={t`E-mail`}
          type="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
          }}
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
          error={errors.email ?? null}
        />
        <TextField
          name="birthday"
          label={t`Date of birth`}
          type="date"
          value={birthday}
          onChange={(e) => {
            setBirthday(e.target.value);
          }}
          autoComplete="bday"
          error={errors.birthday ?? null}
        />
        <fieldset className="choice-group">
          <legend className="form-field__label">{t`Gender`}</legend>
          <div className="choice-list choice-list--inline">
            <ChoiceRow
              name="gender"
              checked={gender === "MALE"}
              onChange={() => {
                setGender("MALE");
              }}
            >
              {t`Male`}
            </ChoiceRow>
            <ChoiceRow
              name="gender"
              checked={gender === "FEMALE"}
              onChange={() => {
                setGender("FEMALE");
              }}
            >
              {t`Female`}
            </ChoiceRow>
          </div>
        </fieldset>
        <ActionButton type="submit" stretched loading={update.isPending}>
          {t`Save`}
        </ActionButton>
      </form>
      <div className="profile-page__danger">
        <ActionButton kind="destructive" size="m" stretched onClick={deleteSheet.open}>
          {t`Delete account`}
        </ActionButton>
      </div>
      <UrlSheet name="change-phone" title={t`Change the phone number`}>
        <PhoneChangeFlow
          onDone={(saved) => {
            applyUser(saved);
            notify({ kind: "success", text: t`The phone number is changed` });
            phoneSheet.close();
          }}
        />
      </UrlSheet>
      <UrlSheet name="delete-account" title={t`Delete account`}>
        <DeleteAccountConfirm onCancel={deleteSheet.close} />
      </UrlSheet>
    </div>
  );
}

function ProfilePhoto({ user }: { user: User }) {
  const { t } = useLingui();
  const applyUser = useApplyUser();
  const upload = useUploadProfileImage();
  const remove = useDeleteProfileImage();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      notify({ kind: "error", text: t`The image must be a JPEG, PNG or WebP file` });
      return;
    }
    if (file.size > PROFILE_IMAGE_MAX_BYTES) {
      notify({ kind: "error", text: t`The image must not be larger than 5 MB` });
      return;
    }
    upload.mutate(file, {
      onSuccess: (saved) => {
        applyUser(saved);
        notify({ kind: "success", text: t`Data is updated` });
      },
      onError: (caught) => {
        notify({ kind: "error", text: failureText(caught) });
      },
    });
  };

  return (
    <div className="profile-photo">
      <UserAvatar user={user} size={72} />
      <div className="profile-photo__actions">
        <label htmlFor={inputId} className="visually-hidden">
          {t`Choose a photo`}
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={PROFILE_IMAGE_TYPES.join(",")}
          className="visually-hidden"
          tabIndex={-1}
          onChange={choose}
          data-testid="profile-photo-input"
        />
        <ActionButton
          kind="secondary"
          size="s"
          loading={upload.isPending}
          onClick={() => input.current?.click()}
        >
          {user.image ? t`Change photo` : t`Add a photo`}
        </ActionButton>
        {user.image && (
          <ActionButton
            kind="destructive"
            size="s"
            loading={remove.isPending}
            onClick={() => {
              remove.mutate(undefined, {
                onSuccess: applyUser,
                onError: (caught) => {
                  notify({ kind: "error", text: failureText(caught) });
                },
              });
            }}
          >
            {t`Delete photo`}
          </ActionButton>
        )}
      </div>
    </div>
  );
}

function DeleteAccountConfirm({ onCancel }: { onCancel: () => void }) {
  const { t } = useLingui();
  const { sub, merchant } = useRequiredTenant();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const remove = useDeleteAccount();
  const [error, setError] = useState<string | null>(null);

  const confirm = () => {
    remove.mutate(undefined, {
      onSuccess: () => {
        // Every session is gone on the server; only this browser's copy remains to clear.
        void logout({ sub, merchantId: merchant.id, queryClient, callServer: false }).then(() => {
          notify({ kind: "success", text: t`Your account has been deleted` });
          navigate("/", { replace: true });
        });
      },
      onError: (caught) => {
        setError(failureText(caught));
      },
    });
  };

  return (
    <div className="sheet-body confirm-sheet">
      <p className="confirm-sheet__question">{t`Are you sure?`}</p>
      <p className="confirm-sheet__text">
        {t`Your profile, addresses, favourites and photo will be erased and you will be logged out everywhere. Your past orders stay with the shop without your name, phone or address.`}
      </p>
      {error && (
        <p className="form-field__error" role="alert">
          {error}
        </p>
      )}
      <div className="sheet-actions">
        <ActionButton kind="secondary" stretched onClick={onCancel}>
          {t`No`}
        </ActionButton>
        <ActionButton kind="destructive" stretched loading={remove.isPending} onClick={confirm}>
          {t`Yes, delete`}
        </ActionButton>
      </div>
    </div>
  );
}
