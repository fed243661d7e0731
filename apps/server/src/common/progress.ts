// What the pins and media services need of progress: a way to say that a traveller's pins or media
// changed, so their stored figures (countries, cities, verification, the leaderboard) are rewritten. The
// composition root provides it as a job (progress.refresh); the services never import the progress module.
export interface ProgressFigures {
  /**
   * Has the traveller's figures rewritten from what is stored by then: resolves once that is queued, and
   * the rewrite follows outside the request. Call after the change has committed.
   */
  refresh(userId: string): Promise<void>;
}
