import type { User } from '@waymarks/shared';

/** The name to greet a user by: their name, else the part of the e-mail before '@', else 'User'. */
export function displayNameOf(user: Pick<User, 'name' | 'email'> | null): string {
  const name = user?.name.trim();
  if (name) return name;
  const local = user?.email.split('@')[0]?.trim();
  return local || 'User';
}
