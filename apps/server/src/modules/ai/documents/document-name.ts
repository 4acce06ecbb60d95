// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;

/** A file name for display only: no control or direction characters, no folders, at most 120 characters. */
export function documentName(raw: string | undefined): string {
  const last = (raw ?? '').replace(UNSAFE, '').split(/[/\\]/).pop()!.trim();
  const name = [...(last === '.' || last === '..' ? '' : last)].slice(0, 120).join('');
  return name || '未命名文档';
}
