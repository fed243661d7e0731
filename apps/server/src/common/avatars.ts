// What other modules may read of a traveller's saved avatar, without importing the avatar module: the
// avatar module's AvatarRepository implements it; app.ts hands it to the others.
export interface SavedAvatars {
  /**
   * The saved row: its parts (JSON text), the storage key of its PNG render (null before one was
   * uploaded) and when it was saved; undefined when none was.
   */
  find(userId: string): Promise<{ parts: string; image_key: string | null; updated_at: number } | undefined>;
}
