// The one error the media pipeline throws for files it refuses, said of the file: 'This file is empty.' to
// whoever does not know its name, 'empty.jpg is empty.' (about) where the name is known.

/** Why a file was refused: lets callers log and count refusals without parsing the message. */
type UnprocessableReason = 'empty' | 'unsupported-type' | 'type-mismatch' | 'too-large' | 'damaged';

/** A stored file that is not a photo or video we can safely process. The media service answers 422. */
export class UnprocessableMedia extends Error {
  /**
   * @param problem What is wrong, as the rest of a sentence whose subject is the file: 'is empty',
   * 'is an HTML page, not the photo it claims to be'.
   */
  constructor(
    readonly reason: UnprocessableReason,
    readonly problem: string,
    options?: { cause?: unknown },
  ) {
    super(`This file ${problem}.`, options);
    this.name = 'UnprocessableMedia';
  }

  /** The refusal as a sentence naming the file: 'empty.jpg is empty.' */
  about(filename: string): string {
    return `${filename} ${this.problem}.`;
  }
}
