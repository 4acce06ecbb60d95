/**
 * The server-rendered login page's behaviour: the tabs, each field's rule as you type, the SMS code
 * button's countdown, the login calls, and the WeChat QR's state kept for /wxAuth. A login stores the
 * session as the app does (localStorage `userInfo` and the member cookie) and goes on to /loading.
 */
import {
  API_BASE,
  Code,
  LIMITS,
  PHONE_PATTERN,
  PLATFORM_CODE,
  Routes,
  SMS_CODE_PATTERN,
  SOURCE_HEADER,
  formatMessage,
  isSuccessCode,
  messageParamsOf,
  type LoginWay,
} from '@studio/contract/constants';
import type { Envelope, UserInfo, WechatStatus } from '@studio/contract';
import { WECHAT_REDIRECT_KEY, WECHAT_STATE_KEY } from '../features/auth/wechat-keys.ts';
import { writeStoredUser } from '../lib/storage.ts';

type Words = Record<
  | 'phone'
  | 'smsCode'
  | 'passwordRequired'
  | 'codeSent'
  | 'resendIn'
  | 'getCode'
  | 'failed'
  | 'loginSuccess'
  | 'registerSuccess',
  string
>;

const RULES: Record<string, (value: string) => boolean> = {
  phone: (v) => PHONE_PATTERN.test(v),
  smsCode: (v) => SMS_CODE_PATTERN.test(v),
  passwordRequired: (v) => v.length > 0,
};

/** Answers that belong under a field rather than above the form. */
const FIELD_OF_CODE: Readonly<Record<number, string>> = {
  [Code.SMS_CODE_WRONG]: 'code',
  [Code.SMS_CODE_LOCKED]: 'code',
  [Code.SMS_CODE_LOCKED_RESEND]: 'code',
  [Code.LOGIN_WRONG]: 'password',
  [Code.TOO_MANY_TRIES]: 'password',
  [Code.LOGIN_WRONG_LAST_TRY]: 'password',
  [Code.LOGIN_LOCKED]: 'password',
};

class AnswerError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** `go`: how the page leaves (a test watches it; jsdom cannot navigate). */
export function startLoginPage(
  root: HTMLElement,
  go: (url: string) => void = (url) => location.assign(url),
): void {
  const lang = document.documentElement.lang;
  const words = JSON.parse(root.dataset.words ?? '{}') as Words;
  const errors = JSON.parse(root.dataset.errors ?? '{}') as Record<string, string>;
  const next = root.dataset.next ?? '/loading';

  /** A failed answer's words: its code's message in the page's language, else the server's msg. */
  const answerText = (body: Envelope<unknown>): string => {
    const template = errors[body.code];
    return template ? formatMessage(template, messageParamsOf(body.code, body.data), lang) : body.msg;
  };

  const post = async <T>(route: string, body: unknown): Promise<Envelope<T>> => {
    let response: Response;
    try {
      response = await fetch(`${API_BASE}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SOURCE_HEADER]: PLATFORM_CODE },
        body: JSON.stringify(body),
      });
    } catch {
      throw new AnswerError(0, words.failed);
    }
    const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
    if (!envelope || typeof envelope.code !== 'number') throw new AnswerError(0, words.failed);
    if (!isSuccessCode(envelope.code)) throw new AnswerError(envelope.code, answerText(envelope));
    return envelope;
  };

  const showFieldError = (input: HTMLInputElement, text: string | null) => {
    const line = document.getElementById(`${input.id}-error`);
    if (line) {
      line.textContent = text ?? '';
      line.hidden = !text;
    }
    if (text) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  };

  /** Checks one field against its rule and says why it fails; true when it passes. */
  const check = (input: HTMLInputElement): boolean => {
    const rule = input.dataset.rule;
    const ok = !rule || (RULES[rule]?.(input.value) ?? true);
    showFieldError(input, ok ? null : words[rule as keyof Words]);
    return ok;
  };

  const formError = (form: HTMLFormElement, text: string | null, kind: 'error' | 'success' = 'error') => {
    const line = form.querySelector<HTMLElement>('.pp-form-error');
    if (!line) return;
    line.textContent = text ?? '';
    line.hidden = !text;
    line.dataset.kind = kind;
  };

  for (const input of root.querySelectorAll<HTMLInputElement>('input[data-rule]')) {
    input.addEventListener('input', () => check(input));
    // Typed into before this script arrived (the page shows at once; on a slow phone the script comes
    // later): checked now, as if typed after.
    if (input.value) check(input);
  }

  const field = (form: HTMLFormElement, name: string) => form.elements.namedItem(name) as HTMLInputElement;

  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-login-form]')) {
    const way = form.dataset.loginForm as Exclude<LoginWay, 'wechat'>;
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    submit.disabled = false;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const inputs = [...form.querySelectorAll<HTMLInputElement>('input[data-rule]')];
      // Every field says what is wrong with it, not only the first.
      const bad = inputs.filter((input) => !check(input));
      if (bad.length > 0) {
        bad[0]!.focus();
        return;
      }
      const body =
        way === 'sms'
          ? { phone: field(form, 'phone').value, code: field(form, 'code').value }
          : { phone: field(form, 'phone').value, password: field(form, 'password').value };
      submit.disabled = true;
      formError(form, null);
      post<UserInfo>(way === 'sms' ? Routes.auth.loginSms : Routes.auth.loginPassword, body)
        .then(({ data: user }) => {
          writeStoredUser(user);
          formError(form, user.newUser ? words.registerSuccess : words.loginSuccess, 'success');
          go(next);
        })
        .catch((error: unknown) => {
          submit.disabled = false;
          const { code, message } = error as AnswerError;
          const name = FIELD_OF_CODE[code];
          const target = name && form.elements.namedItem(name);
          if (target instanceof HTMLInputElement) {
            showFieldError(target, message);
            target.focus();
          } else formError(form, message);
        });
    });
  }

  const sendButton = root.querySelector<HTMLButtonElement>('button[data-send-code]');
  if (sendButton) startCodeButton(sendButton, words, post, check, formError);

  startTabs(root);
  keepWechatState(root, go);
}

/** 获取验证码 with the wait the server enforces; 10005 (already on its way) counts as sent. */
function startCodeButton(
  button: HTMLButtonElement,
  words: Words,
  post: (route: string, body: unknown) => Promise<unknown>,
  check: (input: HTMLInputElement) => boolean,
  formError: (form: HTMLFormElement, text: string | null, kind?: 'error' | 'success') => void,
) {
  const form = button.form!;
  const phone = form.elements.namedItem('phone') as HTMLInputElement;
  button.disabled = false;
  const countDown = (left: number) => {
    if (left <= 0) {
      button.textContent = words.getCode;
      button.disabled = false;
      return;
    }
    button.textContent = formatMessage(words.resendIn, { seconds: left });
    setTimeout(() => countDown(left - 1), 1000);
  };
  button.addEventListener('click', () => {
    if (!check(phone)) {
      phone.focus();
      return;
    }
    button.disabled = true;
    post(Routes.auth.smsSend, { phone: phone.value, purpose: 'login' })
      .then(() => {
        formError(form, words.codeSent, 'success');
        countDown(LIMITS.smsResendMs / 1000);
      })
      .catch((error: unknown) => {
        button.disabled = false;
        formError(form, (error as Error).message);
      });
  });
}

/** The SMS and password tabs switch here (the address follows); the WeChat one loads its QR page. */
function startTabs(root: HTMLElement) {
  const tabs = [...root.querySelectorAll<HTMLAnchorElement>('[role="tab"]')];
  const select = (tab: HTMLAnchorElement) => {
    for (const other of tabs) {
      const selected = other === tab;
      other.setAttribute('aria-selected', String(selected));
      const panel = document.getElementById(other.getAttribute('aria-controls') ?? '');
      if (panel) panel.hidden = !selected;
    }
    history.replaceState(null, '', tab.href);
    tab.focus();
  };
  const loaded = (tab: HTMLAnchorElement) =>
    (document.getElementById(tab.getAttribute('aria-controls') ?? '')?.childElementCount ?? 0) > 0;
  tabs.forEach((tab, index) => {
    tab.addEventListener('click', (event) => {
      if (!loaded(tab)) return;
      event.preventDefault();
      select(tab);
    });
    // The tabs pattern's arrow keys.
    tab.addEventListener('keydown', (event) => {
      const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
      if (step === 0) return;
      event.preventDefault();
      const target = tabs[(index + step + tabs.length) % tabs.length]!;
      if (loaded(target)) select(target);
      else target.click();
    });
  });
}

/** /wxAuth finishes the QR login; the page asked for waits in sessionStorage (WeChat drops it). */
function keepWechatState(root: HTMLElement, go: (url: string) => void) {
  const panel = root.querySelector<HTMLElement>('[data-wechat-state]');
  if (!panel) return;
  sessionStorage.setItem(WECHAT_STATE_KEY, panel.dataset.wechatState!);
  const redirect = root.dataset.redirect;
  if (redirect) sessionStorage.setItem(WECHAT_REDIRECT_KEY, redirect);
  else sessionStorage.removeItem(WECHAT_REDIRECT_KEY);
  if (panel.dataset.wechatOpen) go(panel.dataset.wechatOpen);
  else followWechatLogin(panel, go);
}

/** How often the page asks whether the phone confirmed (as the app's WeChat tab does). */
const WECHAT_POLL_MS = 1500;

/**
 * The simulator's QR code is scanned by a phone, another device: this page asks the login's status
 * and, once the phone has confirmed, goes to /wxAuth with the code (as WeChat's own page would send
 * it there). A spent or old code says so; the refresh link gets a new one.
 */
function followWechatLogin(panel: HTMLElement, go: (url: string) => void) {
  const state = panel.dataset.wechatState!;
  const show = (name: string) => {
    const line = panel.querySelector<HTMLElement>(`[${name}]`);
    if (line) line.hidden = false;
  };
  const ask = async () => {
    try {
      const response = await fetch(
        `${API_BASE}${Routes.auth.wechatStatus}?${new URLSearchParams({ state }).toString()}`,
        { headers: { [SOURCE_HEADER]: PLATFORM_CODE } },
      );
      const body = (await response.json()) as Envelope<WechatStatus | null>;
      if (isSuccessCode(body.code) && body.data?.status === 'confirmed' && body.data.code) {
        show('data-wechat-confirmed');
        go(`/wxAuth?${new URLSearchParams({ code: body.data.code, state }).toString()}`);
        return;
      }
      if (isSuccessCode(body.code) && body.data?.status === 'expired') {
        show('data-wechat-expired');
        return;
      }
    } catch {
      // Offline for a moment: ask again.
    }
    setTimeout(() => void ask(), WECHAT_POLL_MS);
  };
  setTimeout(() => void ask(), WECHAT_POLL_MS);
}
