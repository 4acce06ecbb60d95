import { PrinterOutlined } from '@ant-design/icons';
import type { Certificate } from '@studio/contract';
import { WebPaths } from '@studio/contract/constants';
import { Alert, Button, Skeleton, Tag, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PublicPageError } from '../../../components/public-page-error.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { AppPublicShell } from '../../../screens/app-public-shell.tsx';
import { useCertificate } from '../learn-api.ts';
import './certificate.css';

/**
 * Printed on one A4 sheet, landscape. A <style> of this page, not a stylesheet: a lazy chunk's CSS
 * stays in the document after leaving the page, and other pages must print in their own size.
 */
const PRINT_PAGE = '@page { size: A4 landscape; margin: 10mm; }';

const CertificateSheet = ({ certificate }: { certificate: Certificate }) => {
  const { t } = useTranslation();
  // The page's own address: scanning the printed QR opens this verification page.
  const url = `${window.location.origin}${WebPaths.certificate(certificate.code)}`;
  const revoked = certificate.revokedAt !== null;
  return (
    <section className={revoked ? 'cert-sheet is-revoked' : 'cert-sheet'} aria-labelledby="cert-heading">
      <style>{PRINT_PAGE}</style>
      <div className="cert-frame">
        {revoked && (
          <div className="cert-revoked-stamp" aria-hidden>
            {t('learn.certificate.revoked')}
          </div>
        )}
        <div className="cert-brand">{t('common.appName')}</div>
        <h1 className="cert-heading" id="cert-heading">
          {t('learn.certificate.heading')}
        </h1>
        <p className="cert-line">{t('learn.certificate.intro')}</p>
        <p className="cert-name">{certificate.learnerName}</p>
        <p className="cert-line">{t('learn.certificate.completed')}</p>
        <p className="cert-course">{certificate.courseTitle}</p>
        <div className="cert-foot">
          <dl className="cert-meta">
            <div>
              <dt>{t('learn.certificate.team')}</dt>
              <dd>{certificate.issuerTeamName}</dd>
            </div>
            <div>
              <dt>{t('learn.certificate.learnerTeam')}</dt>
              <dd>{certificate.learnerTeamName}</dd>
            </div>
            {certificate.exam && (
              <div>
                <dt>{t('learn.certificate.exam')}</dt>
                <dd>
                  {certificate.exam.score === null
                    ? t('learn.certificate.examPassed', certificate.exam)
                    : t('learn.certificate.examScore', certificate.exam)}
                </dd>
              </div>
            )}
            <div>
              <dt>{t('learn.certificate.issuedAt')}</dt>
              <dd>{formatDate(certificate.issuedAt)}</dd>
            </div>
            {certificate.revokedAt !== null && (
              <div>
                <dt>{t('learn.certificate.revokedAt')}</dt>
                <dd>{formatDateTime(certificate.revokedAt)}</dd>
              </div>
            )}
            <div>
              <dt>{t('learn.certificate.code')}</dt>
              <dd className="cert-code">{certificate.code}</dd>
            </div>
          </dl>
          <figure className="cert-qr">
            <QRCodeSVG value={url} size={96} marginSize={1} title={t('learn.certificate.qr', { url })} />
            <figcaption>{t('learn.certificate.verify')}</figcaption>
          </figure>
        </div>
      </div>
    </section>
  );
};

/** Valid or 已撤销 (with when), said above the sheet: a revoked certificate never reads as valid. */
const CertificateStatus = ({ certificate }: { certificate: Certificate }) => {
  const { t } = useTranslation();
  if (certificate.revokedAt === null) {
    return (
      <div className="cert-status">
        <Tag color="success" variant="filled">
          {t('learn.certificate.valid')}
        </Tag>
        {/* The server sends the score to the learner alone: say who else sees what. */}
        {certificate.exam?.score != null && (
          <Typography.Text type="secondary">{t('learn.certificate.scoreOwnOnly')}</Typography.Text>
        )}
      </div>
    );
  }
  return (
    <Alert
      className="cert-status"
      type="error"
      showIcon
      title={t('learn.certificate.revoked')}
      description={t('learn.certificate.revokedDesc', { date: formatDateTime(certificate.revokedAt) })}
    />
  );
};

/**
 * /certificate/:code: a certificate anyone can verify (no login), printable on one A4 sheet. A
 * revoked one says 已撤销 and when, above the sheet and on it, and offers no printing. A course
 * exam it needed reads as passed (with its pass mark); its learner, signed in, also sees the score.
 */
export const CertificatePage = () => {
  const { t } = useTranslation();
  const code = useParams().code ?? '';
  const certificate = useCertificate(code);
  useDocumentTitle(
    certificate.data
      ? `${t('learn.certificate.title')} · ${certificate.data.learnerName}`
      : t('learn.certificate.title'),
  );
  return (
    <AppPublicShell
      actions={
        certificate.data &&
        certificate.data.revokedAt === null && (
          <Button icon={<PrinterOutlined aria-hidden />} onClick={() => window.print()}>
            {t('learn.certificate.print')}
          </Button>
        )
      }
    >
      {certificate.data ? (
        <>
          <CertificateStatus certificate={certificate.data} />
          <CertificateSheet certificate={certificate.data} />
        </>
      ) : certificate.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <PublicPageError
          error={certificate.error}
          onRetry={() => void certificate.refetch()}
          notFound={{ title: t('learn.certificate.notFound'), desc: t('learn.certificate.notFoundDesc') }}
          loadFailed={t('learn.certificate.loadFailed')}
          goHome={t('learn.certificate.goHome')}
        />
      )}
    </AppPublicShell>
  );
};
