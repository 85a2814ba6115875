import { makeStore } from '../../../../src/client/app/store';
import { mediaRequestReset, deleteMediaFile, fetchMediaFile, fetchMediaFiles, fetchMediaLabInfo, renameMediaFile, searchPickerFiles, uploadFile } from '../../../../src/client/features/media/mediaSlice';
import { mediaMessages } from '../../../../src/shared/messages';
import { labInfo, labUserSession } from '../../support/fixtures';
import { deferred, mockApi, type MockApi } from '../../support/mockApi';
import { actionTypes, mockStore } from '../../support/mockStore';
import { signedIn, siteState, sliceState } from '../../testUtils';
import { audio, fileOf, image, mediaFile, video } from './mediaFixtures';
import { mockStorage, type StorageEdge } from './storageEdge';

let net: MockApi;
let storage: StorageEdge;
beforeEach(() => {
  window.localStorage.clear();
  net = mockApi();
  storage = mockStorage();
});
afterEach(() => {
  net.restore();
  storage.restore();
});

const store = () => makeStore({ site: siteState(), auth: signedIn({ labUser: labUserSession() }) });
const grant = { url: 'http://localhost/api/files/upload/g1?expires=9&signature=s', file: 'lab1/images/1-x.png', type: 'image', contentType: 'image/png' };
const withGrant = (m: MockApi) =>
  m
    .on('POST', '/api/files/genLabS3URL', { status: 200, data: grant })
    .on('POST', '/api/files/createfiles', { status: 201, data: mediaFile({ _id: 'new', name: 'Forest', file: grant.file }) });

describe('media slice: the four request states', () => {
  it('goes request -> success for the list, with the lab user’s token', async () => {
    const answer = deferred();
    net.on('GET', '/api/files/userFiles?pageNumber=2', answer.responder);
    const s = store();
    const loading = s.dispatch(fetchMediaFiles(2));
    expect(sliceState(s, 'media').requests.list).toEqual({ status: 'request', message: null });
    answer.release({ status: 200, data: { files: [image, video], pages: 3, page: 2 } });
    await loading;
    expect(sliceState(s, 'media').requests.list).toEqual({ status: 'success', message: null });
    expect(sliceState(s, 'media').list).toEqual({ files: [image, video], pages: 3, page: 2 });
    expect(net.sent[0].authorization).toBe('Bearer lab-token');
  });

  it('goes to fail with the server’s message, then back to reset', async () => {
    net.on('GET', '/api/files/mediafile/nope', { status: 404, data: { message: mediaMessages.fileNotFound } });
    const s = store();
    await s.dispatch(fetchMediaFile('nope'));
    expect(sliceState(s, 'media').requests.file).toEqual({ status: 'fail', message: mediaMessages.fileNotFound });
    expect(s.getState().notifications.alert?.message).toBe(mediaMessages.fileNotFound);
    s.dispatch(mediaRequestReset('file'));
    expect(sliceState(s, 'media').requests.file).toEqual({ status: 'reset', message: null });
  });

  it('renames, deletes and reads the lab’s storage use', async () => {
    net
      .on('GET', '/api/files/userFiles?pageNumber=1', { status: 200, data: { files: [image, video, audio], pages: 1, page: 1 } })
      .on('PUT', '/api/files/mediafile/f1', { status: 200, data: { ...image, name: 'Lake picture' } })
      .on('DELETE', '/api/files/mediafile/f2', { status: 200, data: { message: mediaMessages.fileDeleted } })
      .on('GET', '/api/labs/labinfo/lab1', { status: 200, data: labInfo });
    const s = store();
    await s.dispatch(fetchMediaFiles(1));
    await s.dispatch(renameMediaFile({ fileId: 'f1', name: 'Lake picture' }));
    await s.dispatch(deleteMediaFile('f2'));
    await s.dispatch(fetchMediaLabInfo('lab1'));
    expect(sliceState(s, 'media').list?.files.map((f) => f.name)).toEqual(['Lake picture', 'Calm sound']);
    expect(sliceState(s, 'media').file?.name).toBe('Lake picture');
    expect(sliceState(s, 'media').labInfo).toEqual(labInfo);
    expect(net.sentTo('PUT', '/api/files/mediafile/f1')[0].body).toEqual({ name: 'Lake picture' });
  });

  it('does not sign the user out on a 401 from file create, update or delete (part 1 section 8)', async () => {
    net
      .on('PUT', '/api/files/mediafile/f1', { status: 401, data: { message: 'Please sign in' } })
      .on('DELETE', '/api/files/mediafile/f1', { status: 401, data: { message: 'Please sign in' } })
      .on('POST', '/api/files/genLabS3URL', { status: 401, data: { message: 'Please sign in' } });
    const s = store();
    await s.dispatch(renameMediaFile({ fileId: 'f1', name: 'x' }));
    await s.dispatch(deleteMediaFile('f1'));
    await s.dispatch(uploadFile({ name: 'x', file: fileOf('x.png', 10, 'image/png'), lab: 'lab1' }));
    expect(s.getState().auth.labUser).not.toBeNull();
    expect(sliceState(s, 'media').requests.upload).toEqual({ status: 'fail', message: 'Please sign in' });
  });

  it('keeps only the latest picker search’s answer', async () => {
    const slow = deferred();
    net
      .on('GET', '/api/files/targetfiles?keyword=f&type=', slow.responder)
      .on('GET', '/api/files/targetfiles?keyword=forest&type=image', { status: 200, data: { files: [image] } });
    const s = store();
    const first = s.dispatch(searchPickerFiles({ keyword: 'f', type: '' }));
    await s.dispatch(searchPickerFiles({ keyword: 'forest', type: 'image' }));
    slow.release({ status: 200, data: { files: [image, video, audio] } });
    await first;
    expect(sliceState(s, 'media').picker.files).toEqual([image]);
  });
});

describe('media slice: the upload flow', () => {
  it('asks for an address, sends the bytes there without the token, then registers the file', async () => {
    withGrant(net);
    const s = store();
    const file = fileOf('forest.png', 1000, 'image/png');
    const result = await s.dispatch(uploadFile({ name: ' Forest ', file, lab: 'lab1' }));
    expect(uploadFile.fulfilled.match(result)).toBe(true);
    expect(net.sentTo('POST', '/api/files/genLabS3URL')[0].body).toEqual({
      filePath: 'forest.png',
      fileType: 'image/png',
      requestType: 'putObject',
      fileSize: 1000,
    });
    expect(storage.puts).toEqual([{ method: 'PUT', url: grant.url, contentType: 'image/png', authorization: null, size: 1000 }]);
    expect(net.sentTo('POST', '/api/files/createfiles')[0].body).toEqual({ lab: 'lab1', name: 'Forest', type: 'image', file: grant.file, size: 1000 });
    expect(sliceState(s, 'media').uploadPercent).toBe(100);
    expect(sliceState(s, 'media').requests.upload.status).toBe('success');
  });

  it('sends the granted content type even when the browser names none', async () => {
    withGrant(net);
    await store().dispatch(uploadFile({ name: 'Forest', file: fileOf('forest.png', 10), lab: 'lab1' }));
    expect(net.sentTo('POST', '/api/files/genLabS3URL')[0].body).toMatchObject({ fileType: 'image/png' });
    expect(storage.puts[0].contentType).toBe('image/png');
  });

  it('dispatches pending, the progress steps and fulfilled, in that order', async () => {
    withGrant(net);
    const mock = mockStore({});
    await mock.dispatch(uploadFile({ name: 'Forest', file: fileOf('forest.png', 1000, 'image/png'), lab: 'lab1' }));
    expect(actionTypes(mock)).toEqual([
      'media/uploadFile/pending',
      'media/uploadProgressed',
      'media/uploadProgressed',
      'media/uploadProgressed',
      'media/uploadProgressed',
      'media/uploadFile/fulfilled',
    ]);
    expect(mock.getActions().filter((a) => a.type === 'media/uploadProgressed').map((a) => a.payload)).toEqual([0, 25, 50, 100]);
  });

  it.each([
    ['', 'forest.png', 10, mediaMessages.fileNameRequired],
    ['Animation', 'anim.gif', 10, mediaMessages.wrongExtension],
    ['Big', 'big.png', 2 * 1024 * 1024 + 1, mediaMessages.imageTooLarge],
    ['Long', 'long.mp3', 20 * 1024 * 1024 + 1, mediaMessages.audioTooLarge],
    ['Film', 'film.mp4', 30 * 1024 * 1024 + 1, mediaMessages.videoTooLarge],
  ])('refuses name %j with %s (%i bytes) before any call: %s', async (name, fileName, size, message) => {
    const file = fileOf(fileName, size);
    const mock = mockStore({});
    await mock.dispatch(uploadFile({ name, file, lab: 'lab1' }));
    expect(actionTypes(mock)).toEqual(['media/uploadFile/pending', 'media/uploadFile/rejected']);
    expect(mock.getActions()[1]).toMatchObject({ payload: { status: null, message }, meta: { signOutOn401: false } });
    expect(net.sent).toEqual([]);
  });

  it('shows the server’s message when the bytes are refused, and registers nothing', async () => {
    withGrant(net);
    storage.restore();
    storage = mockStorage({ status: 413, data: { message: mediaMessages.imageTooLarge } });
    const s = store();
    await s.dispatch(uploadFile({ name: 'Forest', file: fileOf('forest.png', 1000, 'image/png'), lab: 'lab1' }));
    expect(sliceState(s, 'media').requests.upload).toEqual({ status: 'fail', message: mediaMessages.imageTooLarge });
    expect(s.getState().notifications.alert?.message).toBe(mediaMessages.imageTooLarge);
    expect(net.sentTo('POST', '/api/files/createfiles')).toEqual([]);
    expect(sliceState(s, 'media').uploadPercent).toBeNull();
  });

  it('shows the server’s message when the record is refused', async () => {
    withGrant(net).on('POST', '/api/files/createfiles', { status: 413, data: { message: mediaMessages.quotaExceeded } });
    const s = store();
    await s.dispatch(uploadFile({ name: 'Forest', file: fileOf('forest.png', 1000, 'image/png'), lab: 'lab1' }));
    expect(sliceState(s, 'media').requests.upload).toEqual({ status: 'fail', message: mediaMessages.quotaExceeded });
  });
});
