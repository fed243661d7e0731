// The one error the media pipeline throws for files it refuses; its message is shown to the user as is.

/** Why a file was refused: lets callers log and count refusals without parsing the message. */
type UnprocessableReason = 'empty' | 'unsupported-type' | 'type-mismatch' | 'too-large' | 'damaged';

/** A stored file that is not a photo or video we can safely process. The media service answers 422. */
export class UnprocessableMedia extends Error {
  constructor(
    readonly reason: UnprocessableReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'UnprocessableMedia';
  }
}
