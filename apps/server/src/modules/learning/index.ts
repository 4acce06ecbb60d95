/**
 * The learning module's face: the only file other modules import from modules/learning. The store
 * revokes certificates a refund took away; the public pages show one by its code.
 */
export { revokeLostCertificates, viewCertificate } from './certificates.service.ts';
