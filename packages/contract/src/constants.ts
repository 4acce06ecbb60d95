/** Seed §9 constants and the shared limits of the product. */
export const HTTP_TIMEOUT_MS = 30_000;
export const ROUTE_CHUNK_TIMEOUT_MS = 120_000;
export const PLATFORM_CODE = 'pc';
export const TOKEN_HEADER = 'x-request-tkToken';
export const SOURCE_HEADER = 'x-request-tkForm';
export const USER_INFO_STORAGE_KEY = 'userInfo';
export const API_BASE = '/api';
export const BRAND_COLOR = '#1f6feb';

export const LIMITS = {
  smsCodeLength: 6,
  smsCodeTtlMs: 5 * 60_000,
  smsResendMs: 60_000,
  smsMaxTries: 5,
  passwordMin: 8,
  passwordMax: 64,
  nickNameMax: 20,
  teamNameMin: 2,
  teamNameMax: 30,
  uploadMaxBytes: 5 * 1024 * 1024,
  pageSizeMax: 100,
} as const;

export const TEAM_ROLES = ['OWNER', 'ADMIN', 'MEMBER'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const UPLOAD_KINDS = ['avatar', 'logo', 'cover', 'image'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export const UPLOAD_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
