import type { User } from "../../../domain/contract/users.ts";

export function displayName(user: Pick<User, "firstName" | "lastName">): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ");
}

/** The profile image, or the initials on the brand colour. */
export function UserAvatar({ user, size }: { user: User; size: number }) {
  const name = displayName(user);
  if (user.image) {
    return <img className="user-avatar" src={user.image} alt="" width={size} height={size} />;
  }
  const initials =
    name
      .split(/\s+/)
      .map((part) => part.slice(0, 1))
      .join("")
      .slice(0, 2)
      .toUpperCase() || "☺";
  return (
    <span
      className="user-avatar user-avatar--initials"
      style={{ width: size, height: size }}
      aria-hidden="true"
    >
      {initials}
    </span>
  );
}
