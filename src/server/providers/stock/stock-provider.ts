import type { Label } from '../../../schema/types'

/** What a sentence's clip is searched by: its words, the shape wanted, and how long it must last. */
export interface StockSearch {
  /** Search terms, in the script's language; the vendor's own search is asked with them joined by spaces. */
  terms: string[]
  /** The shape wanted: asked for where the vendor's search takes it (Pexels), else put first (Pixabay). */
  orientation: 'portrait' | 'landscape' | 'square'
  /** Clips shorter than this are of no use for the sentence. */
  minSeconds: number
  /** At most this many candidates. */
  limit: number
  /** Two-letter language code of the terms (zh, en), where the vendor searches by language. */
  language: string
  signal?: AbortSignal
}

/** One video the vendor offers, with what the library records of it. */
export interface StockClip {
  /** The vendor's own id of the video, unique within the vendor. */
  id: string
  /** The file of the rendition picked to download: the smallest at least as large as wanted. */
  url: string
  width: number
  height: number
  seconds: number
  /** The page of the video on the vendor's site, kept as its source. */
  pageUrl: string
  author: string
  /** The licence it is used under, in words a person reads: "Pexels License", "Pixabay Content License". */
  licence: string
  /** Its tags or description, which become the material's tags. */
  tags: string[]
}

/** Stock footage from a vendor (Pexels, Pixabay): searched by words, downloaded as materials. */
export interface StockProvider {
  /** The vendor's name, as it is shown beside what came from it. */
  name: string
  describe: Label
  search(params: StockSearch): Promise<StockClip[]>
}
