import { describe, expect, it } from 'vitest'
import { sanitizeRichText } from './rich-text'

describe('sanitizeRichText', () => {
  it.each([
    ['formatting stays', '<h2>Terms</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s></p><ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><pre><code>c</code></pre>'],
    ['a link by http(s), mailto or a relative path stays', '<p><a href="https://example.com/a">a</a> <a href="mailto:x@example.com">m</a> <a href="/help">h</a></p>'],
    ['an image by https or a relative path stays', '<p><img src="https://example.com/a.png" alt="a" /><img src="/uploads/b.png" /></p>'],
    ['plain text stays as written', "' OR 1=1 -- ../../etc/passwd 😀"],
  ])('%s', (_, html) => {
    expect(sanitizeRichText(html)).toBe(html)
  })

  it.each([
    ['a script, with its text', '<p>hi<script>window.x = 1</script></p>', '<p>hi</p>'],
    ['a style element and inline styles', '<style>p { color: red }</style><p style="position:fixed">hi</p>', '<p>hi</p>'],
    ['event handlers', '<p onclick="steal()">hi <img src="https://example.com/a.png" onerror="steal()" /></p>', '<p>hi <img src="https://example.com/a.png" /></p>'],
    ['javascript: links, however spelt', '<a href="javascript:steal()">a</a><a href="JaVaScRiPt:steal()">b</a><a href="java&#x09;script:steal()">c</a>', '<a>a</a><a>b</a><a>c</a>'],
    ['images by data:, javascript: or protocol-relative URLs, whole', '<p>x<img src="data:image/png;base64,AAAA" /><img src="javascript:steal()" /><img src="//evil.example/a.png" /></p>', '<p>x</p>'],
    ['frames, forms and svg', '<iframe src="https://example.com"></iframe><form><input /></form><svg onload="steal()"></svg><p>ok</p>', '<p>ok</p>'],
    ['a new-tab link gets no handle on the opener', '<a href="https://example.com" target="_blank">a</a>', '<a href="https://example.com" target="_blank" rel="noopener noreferrer">a</a>'],
    ['markup written as text stays text', 'a < b & c > d', 'a &lt; b &amp; c &gt; d'],
    ['an empty editor document is no content', '<p><br></p>', ''],
    ['nothing but a script is no content', '<script>steal()</script>', ''],
  ])('removes %s', (_, html, clean) => {
    expect(sanitizeRichText(html)).toBe(clean)
  })
})
