/**
 * The SMS and password forms of the login card: plain elements and the card's own CSS (no antd), so
 * the visitor's island hydrates them with React alone. Inputs are uncontrolled: what a visitor typed
 * before the island arrived stays, and is checked once it has. The SMS form is also /wxAuth's phone
 * binding: one form, one countdown.
 */
import { Code, LIMITS, PHONE_PATTERN, SMS_CODE_PATTERN } from '@studio/contract/constants';
import type { UserInfo } from '@studio/contract';
import {
  useEffect,
  useState,
  useSyncExternalStore,
  type ChangeEvent,
  type FormEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import {
  LoginAnswerError,
  loginWithCode,
  loginWithPassword,
  sendSmsCode,
  type SmsPurpose,
} from './login-api.ts';
import { useWords } from '../../../screens/words.tsx';
import './login-card.css';

type FieldName = 'phone' | 'code' | 'password';
type Notice = { text: string; kind: 'error' | 'success' } | null;

type RuleKey = 'validation.phone' | 'validation.smsCode' | 'validation.passwordRequired';
const RULES: Record<FieldName, { test: (v: string) => boolean; key: RuleKey }> = {
  phone: { test: (v) => PHONE_PATTERN.test(v), key: 'validation.phone' },
  code: { test: (v) => SMS_CODE_PATTERN.test(v), key: 'validation.smsCode' },
  password: { test: (v) => v.length > 0, key: 'validation.passwordRequired' },
};

/** Answers that belong under a field rather than above the form. */
const FIELD_OF_CODE: Readonly<Record<number, FieldName>> = {
  [Code.SMS_CODE_WRONG]: 'code',
  [Code.SMS_CODE_LOCKED]: 'code',
  [Code.SMS_CODE_LOCKED_RESEND]: 'code',
  [Code.LOGIN_WRONG]: 'password',
  [Code.TOO_MANY_TRIES]: 'password',
  [Code.LOGIN_WRONG_LAST_TRY]: 'password',
  [Code.LOGIN_LOCKED]: 'password',
};

const noSubscription = () => () => undefined;
/**
 * True once React runs in the browser: the buttons wait for it (a login needs the script). The
 * server's snapshot (false) is what the island hydrates with; the browser's then turns them on.
 */
const useLive = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

const inputOf = (form: HTMLFormElement, name: FieldName) =>
  form.elements.namedItem(name) as HTMLInputElement | null;

/** A form's fields, their messages, the line above it, and the login call. */
function useLoginForm(ids: Partial<Record<FieldName, string>>, onLoggedIn: (user: UserInfo) => void) {
  const { t } = useWords();
  const fields = Object.keys(ids) as FieldName[];
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  const setError = (name: FieldName, text: string | null) =>
    setErrors((old) => ({ ...old, [name]: text ?? undefined }));
  /** Checks one field's value against its rule and says why it fails; true when it passes. */
  const check = (name: FieldName, value: string): boolean => {
    const ok = RULES[name].test(value);
    setError(name, ok ? null : t(RULES[name].key));
    return ok;
  };

  // Typed into before the island arrived (the page shows at once; the script comes later): checked
  // now, as if typed after. The inputs are the DOM's, read once on arrival.
  useEffect(() => {
    for (const name of fields) {
      const typed = (document.getElementById(ids[name]!) as HTMLInputElement | null)?.value;
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the DOM is the outside system here
      if (typed) check(name, typed);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit =
    (login: (value: (name: FieldName) => string) => Promise<UserInfo>) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      const value = (name: FieldName) => inputOf(form, name)?.value ?? '';
      // Every field says what is wrong with it, not only the first.
      const bad = fields.filter((name) => !check(name, value(name)));
      if (bad.length > 0) {
        inputOf(form, bad[0]!)?.focus();
        return;
      }
      setBusy(true);
      setNotice(null);
      login(value)
        .then((user) => {
          setNotice({
            text: t(user.newUser ? 'auth.registerSuccess' : 'auth.loginSuccess'),
            kind: 'success',
          });
          onLoggedIn(user);
        })
        .catch((error: unknown) => {
          setBusy(false);
          const { code, message } = error as LoginAnswerError;
          const name = FIELD_OF_CODE[code];
          if (name && fields.includes(name)) {
            setError(name, message);
            inputOf(form, name)?.focus();
          } else setNotice({ text: message, kind: 'error' });
        });
    };
  const onChange = (name: FieldName) => (event: ChangeEvent<HTMLInputElement>) =>
    check(name, event.currentTarget.value);
  return { errors, notice, setNotice, busy, check, onChange, submit };
}

/** A labelled input with the line its rule's message goes in. */
const Field = ({
  id,
  label,
  error,
  addon,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  addon?: ReactNode;
  children: ReactNode;
}) => (
  <div className="lc-field">
    <label htmlFor={id}>{label}</label>
    <div className="lc-field-row">
      {children}
      {addon}
    </div>
    <p id={`${id}-error`} className="lc-field-error" hidden={!error}>
      {error}
    </p>
  </div>
);

const FormNotice = ({ notice }: { notice: Notice }) => (
  <p className="lc-form-notice" role="alert" data-kind={notice?.kind} hidden={!notice}>
    {notice?.text}
  </p>
);

const SubmitButton = ({ busy, text }: { busy: boolean; text?: string }) => {
  const { t } = useWords();
  const live = useLive();
  return (
    <button type="submit" className="pp-button pp-button-primary lc-block" disabled={!live || busy}>
      {text ?? t('auth.login')}
    </button>
  );
};

const PhoneInput = ({
  id,
  invalid,
  onChange,
}: {
  id: string;
  invalid: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) => {
  const { t } = useWords();
  return (
    <input
      id={id}
      name="phone"
      className="pp-input lc-input"
      inputMode="numeric"
      autoComplete="tel"
      maxLength={11}
      required
      placeholder={t('auth.phonePlaceholder')}
      aria-describedby={`${id}-error`}
      aria-invalid={invalid || undefined}
      onChange={onChange}
    />
  );
};

const WAIT_SECONDS = LIMITS.smsResendMs / 1000;

export const SmsLoginForm = ({ onLoggedIn }: { onLoggedIn: (user: UserInfo) => void }) => {
  const { t } = useWords();
  return (
    <SmsCodeForm
      purpose="login"
      submit={(phone, code) => loginWithCode(t, phone, code)}
      onDone={onLoggedIn}
    />
  );
};

/**
 * Phone and SMS code (获取验证码 with the countdown the server enforces), then `submit`: the login's
 * SMS tab, and the phone binding of a new WeChat user (`purpose: 'bind'`).
 */
export const SmsCodeForm = ({
  purpose,
  submitText,
  submit,
  onDone,
}: {
  purpose: SmsPurpose;
  submitText?: string;
  submit: (phone: string, code: string) => Promise<UserInfo>;
  onDone: (user: UserInfo) => void;
}) => {
  const { t } = useWords();
  const live = useLive();
  const ids =
    purpose === 'login'
      ? { phone: 'sms-phone', code: 'sms-code' }
      : { phone: 'bind-phone', code: 'bind-code' };
  const form = useLoginForm(ids, onDone);
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const sendCode = (event: MouseEvent<HTMLButtonElement>) => {
    const phone = inputOf(event.currentTarget.form!, 'phone')!;
    if (!form.check('phone', phone.value)) {
      phone.focus();
      return;
    }
    setSending(true);
    sendSmsCode(t, phone.value, purpose)
      .then(() => {
        form.setNotice({ text: t('auth.codeSent'), kind: 'success' });
        setLeft(WAIT_SECONDS);
      })
      .catch((error: unknown) => form.setNotice({ text: (error as Error).message, kind: 'error' }))
      .finally(() => setSending(false));
  };

  return (
    <form method="post" noValidate onSubmit={form.submit((value) => submit(value('phone'), value('code')))}>
      <FormNotice notice={form.notice} />
      <Field id={ids.phone} label={t('auth.phone')} error={form.errors.phone}>
        <PhoneInput id={ids.phone} invalid={!!form.errors.phone} onChange={form.onChange('phone')} />
      </Field>
      <Field
        id={ids.code}
        label={t('auth.code')}
        error={form.errors.code}
        addon={
          <button
            type="button"
            className="pp-button lc-code-button"
            disabled={!live || sending || left > 0}
            onClick={sendCode}
          >
            {left > 0 ? t('auth.resendIn', { seconds: left }) : t('auth.getCode')}
          </button>
        }
      >
        <input
          id={ids.code}
          name="code"
          className="pp-input lc-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          placeholder={t('auth.codePlaceholder')}
          aria-describedby={`${ids.code}-error`}
          aria-invalid={!!form.errors.code || undefined}
          onChange={form.onChange('code')}
        />
      </Field>
      <SubmitButton busy={form.busy} text={submitText} />
    </form>
  );
};

export const PasswordLoginForm = ({ onLoggedIn }: { onLoggedIn: (user: UserInfo) => void }) => {
  const { t } = useWords();
  const form = useLoginForm({ phone: 'password-phone', password: 'password-password' }, onLoggedIn);
  return (
    <form
      method="post"
      noValidate
      onSubmit={form.submit((value) => loginWithPassword(t, value('phone'), value('password')))}
    >
      <FormNotice notice={form.notice} />
      <Field id="password-phone" label={t('auth.phone')} error={form.errors.phone}>
        <PhoneInput id="password-phone" invalid={!!form.errors.phone} onChange={form.onChange('phone')} />
      </Field>
      <Field id="password-password" label={t('auth.password')} error={form.errors.password}>
        <input
          id="password-password"
          name="password"
          type="password"
          className="pp-input lc-input"
          autoComplete="current-password"
          required
          placeholder={t('auth.passwordPlaceholder')}
          aria-describedby="password-password-error"
          aria-invalid={!!form.errors.password || undefined}
          onChange={form.onChange('password')}
        />
      </Field>
      <SubmitButton busy={form.busy} />
    </form>
  );
};
