// The texts the specification quotes must be kept exactly, typos and all.
import { authMessages, generalMessages, mediaMessages, secondFactorMessages } from '../../src/shared/messages';

describe('messages quoted by the specification', () => {
  it.each([
    [authMessages.registrationSuccess, 'Registration Success!'],
    [authMessages.passwordsDoNotMatch, 'Passwords do not match'],
    [authMessages.invalidEmail, 'Please input valid email'],
    [generalMessages.areYouSure, 'Are you sure?'],
    [generalMessages.oops, 'Oops! Something went wrong!'],
    [mediaMessages.wrongExtension, 'files must be in .JPG .JPEG .PNG .MP3 or .MP4 format'],
    [mediaMessages.imageTooLarge, 'Image should be no more than 2MB in size'],
    [mediaMessages.audioTooLarge, 'Audio should be no more than 20MB in size'],
    [mediaMessages.videoTooLarge, 'Video should be no more than 30MB in size'],
  ])('%j', (actual, quoted) => {
    expect(actual).toBe(quoted);
  });

  it('defines each sign-in and validation message once, with no two alike', () => {
    const texts = Object.values(authMessages);
    expect(new Set(texts).size).toBe(texts.length);
    for (const text of texts) expect(text.trim()).toBe(text);
  });

  it('defines each two-step sign-in message once, none the same as a sign-in message', () => {
    const texts = Object.values(secondFactorMessages);
    expect(new Set([...texts, ...Object.values(authMessages)]).size).toBe(texts.length + Object.values(authMessages).length);
    for (const text of texts) expect(text.trim()).toBe(text);
  });
});
