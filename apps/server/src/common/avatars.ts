// What other modules may read of a traveller's saved avatar, without importing the avatar module: the
// avatar module's AvatarRepository implements it; app.ts hands it to the others.
export interface SavedAvatars {
  /** The saved row: its parts (JSON text) and when they were saved; undefined when none was. */
  find(userId: string): Promise<{ parts: string; updated_at: number } | undefined>;
}
