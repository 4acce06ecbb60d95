/** Stored-XSS payloads every place that shows user text is checked against. */
export const XSS_CORPUS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)><script>alert(2)</script></svg>',
  'javascript:alert(1)',
  '"><iframe src="javascript:alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
];
