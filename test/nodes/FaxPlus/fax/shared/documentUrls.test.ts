import {
	dispositionFileName,
	documentUrlList,
	entryWithoutSecrets,
	urlWithoutSecrets,
} from '../../../../../nodes/FaxPlus/fax/shared/documentUrls';

describe('document URLs (pure parts)', () => {
	it('splits on new lines and on commas before a scheme, keeping commas inside a URL', () => {
		expect(
			documentUrlList(
				'https://a.example/x.pdf, https://b.example/y,z.pdf\nhttp://c.example/q?a=1,2\n\n https://a.example/x.pdf ',
			),
		).toEqual(['https://a.example/x.pdf', 'https://b.example/y,z.pdf', 'http://c.example/q?a=1,2']);
		expect(documentUrlList([' https://a.example/1.pdf ', '', 'https://a.example/1.pdf'])).toEqual([
			'https://a.example/1.pdf',
		]);
		expect(documentUrlList(undefined)).toEqual([]);
	});

	it('shows a URL without credentials, query or fragment', () => {
		expect(
			urlWithoutSecrets(new URL('https://user:pw@files.example:8443/a/b.pdf?X-Amz-Signature=s#p')),
		).toBe('https://files.example:8443/a/b.pdf');
	});

	it.each([
		['ftp://user:s3cret@files.example/a.pdf?sig=s3cret#p', 'ftp://files.example/a.pdf'],
		['mailto:s3cret@example.com?subject=s3cret', 'example.com'],
		['files.example/a.pdf?token=s3cret', 'files.example/a.pdf'],
		['user:s3cret@files.example/a.pdf', 'files.example/a.pdf'],
		['http//user:s3/cret@files.example/a.pdf', 'files.example/a.pdf'],
		['https://user:s3cret@[::1/a.pdf?token=s3cret', 'https://[::1/a.pdf'],
		['https://files.example/a b.pdf', 'https://files.example/a b.pdf'],
	])('names an entry that is no http(s) URL without what may be a secret: %s', (entry, shown) => {
		expect(entryWithoutSecrets(entry)).toBe(shown);
	});

	it('reads the file name of a Content-Disposition header', () => {
		expect(dispositionFileName('attachment; filename="report.pdf"')).toBe('report.pdf');
		expect(
			dispositionFileName(
				'attachment; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.pdf; filename="resume.pdf"',
			),
		).toBe('résumé.pdf');
		expect(dispositionFileName('inline; filename=scan.tiff')).toBe('scan.tiff');
		expect(dispositionFileName('inline')).toBeUndefined();
		expect(dispositionFileName(undefined)).toBeUndefined();
	});
});
