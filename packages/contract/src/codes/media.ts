import type { CodeEntry } from './entry.ts';

/** Media (30040–30099): uploads of video and audio lessons, their transcoding, playback and attachments. */
export const MEDIA = {
  /** Not a video (mp4, mov, mkv, webm) or audio (mp3, m4a, aac, wav) file, judged by probing its bytes. */
  MEDIA_TYPE_REFUSED: {
    code: 30040,
    key: 'errors.mediaTypeRefused',
    zh: '只能上传视频（mp4、mov、mkv、webm）或音频（mp3、m4a、aac、wav）文件',
  },
  MEDIA_EMPTY: { code: 30041, key: 'errors.mediaEmpty', zh: '文件是空的，请重新选择' },
  /** Params: maxMb (MEDIA_MAX_BYTES). */
  MEDIA_TOO_LARGE: { code: 30042, key: 'errors.mediaTooLarge', zh: '文件不能超过 {{maxMb}} MB' },
  /** The team's media storage (MEDIA_QUOTA_BYTES) would be passed. Params: usedMb, quotaMb. */
  MEDIA_QUOTA_EXCEEDED: {
    code: 30043,
    key: 'errors.mediaQuotaExceeded',
    zh: '团队的媒体存储空间不足：已用 {{usedMb}} MB，共 {{quotaMb}} MB',
  },
  /** Params: maxMinutes (MEDIA_MAX_SECONDS). */
  MEDIA_TOO_LONG: { code: 30044, key: 'errors.mediaTooLong', zh: '音视频时长不能超过 {{maxMinutes}} 分钟' },
  /** Params: max (pixels on the longer side). */
  MEDIA_RESOLUTION_TOO_HIGH: {
    code: 30045,
    key: 'errors.mediaResolutionTooHigh',
    zh: '视频分辨率不能超过 {{max}} 像素',
  },
  /** A file that probes as media but cannot be decoded (truncated, broken). */
  MEDIA_UNREADABLE: { code: 30046, key: 'errors.mediaUnreadable', zh: '文件已损坏或不完整，无法转码' },
  MEDIA_NOT_READY: { code: 30047, key: 'errors.mediaNotReady', zh: '音视频还在转码，请稍后再播放' },
  /** A playlist, key or segment address that is not ours or whose time is up. */
  MEDIA_LINK_EXPIRED: { code: 30048, key: 'errors.mediaLinkExpired', zh: '播放地址已失效，请刷新页面' },
  /** A tus upload that does not say its length up front (Upload-Defer-Length). */
  MEDIA_LENGTH_REQUIRED: { code: 30049, key: 'errors.mediaLengthRequired', zh: '上传时需要说明文件大小' },
  /** The server has no usable ffmpeg (5 or later) to read and transcode uploads: the operator's to install. */
  MEDIA_TOOLS_MISSING: {
    code: 30068,
    key: 'errors.mediaToolsMissing',
    zh: '服务器尚未安装 ffmpeg，暂时不能上传音视频，请联系管理员',
  },
  /**
   * 标记为已学完 on a video or audio lesson before each of its media is watched far enough
   * (LEARN_WATCH.completePercent). Params: watched, required (whole percent; watched is the least watched).
   */
  MEDIA_NOT_WATCHED: {
    code: 30056,
    key: 'errors.mediaNotWatched',
    zh: '请先看完本课时的音视频：已看 {{watched}}%，需看到 {{required}}%',
  },
  /** Attachments (30070–30079). Not one of the allowed kinds, judged by the file's bytes (never its name). */
  ATTACHMENT_TYPE_REFUSED: {
    code: 30070,
    key: 'errors.attachmentTypeRefused',
    zh: '附件只能是 PDF、幻灯片（ppt、pptx、key、odp）、文档（doc、docx）、表格（xls、xlsx）、zip 或文本（txt、md）',
  },
  ATTACHMENT_EMPTY: { code: 30071, key: 'errors.attachmentEmpty', zh: '附件是空文件，请重新选择' },
  /** Params: maxMb (ATTACHMENT_MAX_BYTES). */
  ATTACHMENT_TOO_LARGE: { code: 30072, key: 'errors.attachmentTooLarge', zh: '附件不能超过 {{maxMb}} MB' },
  /** A lesson holds at most ATTACHMENTS_PER_LESSON files. Params: max. */
  ATTACHMENT_LIMIT: { code: 30073, key: 'errors.attachmentLimit', zh: '每个课时最多 {{max}} 个附件' },
  /** The multipart body had no `file` part after `lessonId`. */
  ATTACHMENT_FILE_MISSING: { code: 30074, key: 'errors.attachmentFileMissing', zh: '请选择要上传的附件' },
  /** A download address that is not ours or whose time is up. */
  ATTACHMENT_LINK_EXPIRED: {
    code: 30075,
    key: 'errors.attachmentLinkExpired',
    zh: '下载链接已失效，请回到课时重新下载',
  },
  /** Captions (30080–30089). Not WebVTT or SRT, or a cue whose timing is broken. Params: line. */
  CAPTION_INVALID: {
    code: 30080,
    key: 'errors.captionInvalid',
    zh: '字幕文件格式有误（第 {{line}} 行附近）：请上传 WebVTT（.vtt）或 SRT（.srt）文件',
    httpStatus: 400,
  },
  /** Params: maxKb (CAPTION_LIMITS.maxBytes). */
  CAPTION_TOO_LARGE: {
    code: 30081,
    key: 'errors.captionTooLarge',
    zh: '字幕文件不能超过 {{maxKb}} KB',
    httpStatus: 400,
  },
  /** Params: max (CAPTION_LIMITS.maxCues). */
  CAPTION_TOO_MANY_CUES: {
    code: 30082,
    key: 'errors.captionTooManyCues',
    zh: '字幕最多 {{max}} 条',
    httpStatus: 400,
  },
  /** No cue at all (an empty file, or only a header). */
  CAPTION_EMPTY: { code: 30083, key: 'errors.captionEmpty', zh: '字幕文件里没有字幕', httpStatus: 400 },
  /** Params: max (CAPTION_LIMITS.perMedia). */
  CAPTION_LIMIT: {
    code: 30084,
    key: 'errors.captionLimit',
    zh: '每个音视频最多 {{max}} 种语言的字幕',
    httpStatus: 400,
  },
} as const satisfies Record<string, CodeEntry>;
