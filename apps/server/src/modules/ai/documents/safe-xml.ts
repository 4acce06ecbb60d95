/**
 * XML of a document, read with saxes: it expands no entity but the five predefined ones and never
 * loads anything. A DOCTYPE is refused outright (no Office part has one), so an entity declaration
 * (XXE, "billion laughs") is never even looked at.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { docRefused } from './doc-errors.ts';

export type XmlHandlers = {
  open?: (tag: SaxesTagPlain) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
};

export function readXml(xml: string, h: XmlHandlers): void {
  const parser = new SaxesParser({ xmlns: false });
  let failed = false;
  parser.on('doctype', () => {
    throw docRefused.corrupt();
  });
  parser.on('error', () => {
    failed = true;
    throw docRefused.corrupt();
  });
  if (h.open) parser.on('opentag', h.open);
  if (h.close) parser.on('closetag', (tag) => h.close!(tag.name));
  if (h.text) parser.on('text', h.text);
  try {
    parser.write(xml).close();
  } catch (err) {
    if (failed || !(err instanceof Error) || !('code' in err)) throw docRefused.corrupt();
    throw err;
  }
}

/** Refuses XML text that declares a DTD or entities before any library sees it. */
export function assertNoDtd(xml: string): void {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw docRefused.corrupt();
}
