// What the pins and media services need of progress: a way to say that a traveller's pins or media
// changed, so their figures (countries, cities, verification, the leaderboard) are rewritten. The
// leaderboard module provides it; the services never import that module.
export interface ProgressFigures {
  /** Rewrites the traveller's figures from what is stored now; call after the change has committed. */
  refresh(userId: string): Promise<void>;
}
