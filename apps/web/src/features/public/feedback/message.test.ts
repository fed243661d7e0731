import { describe, expect, it } from 'vitest';
import { feedbackBody, feedbackClipboardText, feedbackMailto, type FeedbackFields } from './message';

const TO = 'support@waymarks.app';
const all: FeedbackFields = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Feedback for Waymarks',
  message: 'Love the map!\nCould pins have notes?',
};
const none: FeedbackFields = { name: '', email: '', subject: '', message: '' };

describe('feedbackBody', () => {
  it('puts name and e-mail first, then a blank line and the message', () => {
    expect(feedbackBody(all)).toBe(
      'Name: Ada Lovelace\nEmail: ada@example.com\n\nLove the map!\nCould pins have notes?',
    );
  });

  it('leaves out every empty or blank field', () => {
    expect(feedbackBody({ ...none, message: 'Just this' })).toBe('Just this');
    expect(feedbackBody({ ...none, email: ' ada@example.com ' })).toBe('Email: ada@example.com');
    expect(feedbackBody({ ...all, name: '   ', message: '' })).toBe('Email: ada@example.com');
    expect(feedbackBody(none)).toBe('');
  });
});

describe('feedbackMailto', () => {
  it('addresses the support address with an encoded subject and a CRLF body', () => {
    const href = feedbackMailto(TO, all);
    expect(href.startsWith(`mailto:${TO}?subject=Feedback%20for%20Waymarks&body=`)).toBe(true);
    const url = new URL(href);
    expect(url.searchParams.get('subject')).toBe('Feedback for Waymarks');
    expect(decodeURIComponent(href.split('body=')[1] ?? '')).toBe(
      'Name: Ada Lovelace\r\nEmail: ada@example.com\r\n\r\nLove the map!\r\nCould pins have notes?',
    );
    expect(href).not.toContain('+');
  });

  it('encodes characters that would break the link', () => {
    const href = feedbackMailto(TO, { ...none, subject: 'A&B = 100%?', message: 'x#y' });
    expect(href).toBe(`mailto:${TO}?subject=A%26B%20%3D%20100%25%3F&body=x%23y`);
  });

  it('has no subject or body parameter for empty fields', () => {
    expect(feedbackMailto(TO, none)).toBe(`mailto:${TO}`);
    expect(feedbackMailto(TO, { ...none, subject: 'Hi' })).toBe(`mailto:${TO}?subject=Hi`);
    expect(feedbackMailto(TO, { ...none, message: 'Hi' })).toBe(`mailto:${TO}?body=Hi`);
  });
});

describe('feedbackClipboardText', () => {
  it('holds recipient, subject and message', () => {
    expect(feedbackClipboardText(TO, all)).toBe(
      `To: ${TO}\nSubject: Feedback for Waymarks\n\nName: Ada Lovelace\nEmail: ada@example.com\n\nLove the map!\nCould pins have notes?`,
    );
  });

  it('leaves out an empty subject and an empty body', () => {
    expect(feedbackClipboardText(TO, none)).toBe(`To: ${TO}`);
    expect(feedbackClipboardText(TO, { ...none, message: 'Hi' })).toBe(`To: ${TO}\n\nHi`);
  });
});
