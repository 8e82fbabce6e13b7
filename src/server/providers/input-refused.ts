import type { Label } from '../../schema/types'

/** What a person gave a provider cannot be used (a sample with no voice, a video with a cut), said so they can give it again. */
export class InputRefused extends Error {
  constructor(readonly reason: Label) {
    super(reason['en-US'])
    this.name = new.target.name
  }
}
