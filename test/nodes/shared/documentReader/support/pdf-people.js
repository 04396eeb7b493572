'use strict';
// The PDFs people fax, made by the tools that make them (issue 105): edited and saved
// incrementally (mutool, PyMuPDF, @cantoo/pdf-lib, an update glued to `%%EOF`, a `startxref` on
// the white space before `xref`), stamped, extended and signed in iText 5's append mode over a file
// with an xref stream, written fresh by iText 5 with full compression, signed by poppler's pdfsig
// and by @signpdf, and scanned by SANE's test backend. Each is built here, in a few pages, from
// the tools scripts/ensure-pdf-tools.sh installs.
//
//   const { PEOPLE_PDFS, peopleWorkshop } = require('./support/pdf-people');
//   const workshop = peopleWorkshop(dir); const bytes = await workshop.build(name); workshop.missing()
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

/** The commands and files the builders need, each with the Debian package that brings it. */
const TOOLS = [
	['mutool', 'mupdf-tools'],
	['pdfsig', 'poppler-utils'],
	['certutil', 'libnss3-tools'],
	['pk12util', 'libnss3-tools'],
	['scanimage', 'sane-utils'],
	['openssl', 'openssl'],
	['javac', 'default-jdk-headless'],
	['java', 'default-jdk-headless'],
];
const JARS = [
	['/usr/share/java/itext5.jar', 'libitext5-java'],
	['/usr/share/java/bcprov.jar', 'libbcprov-java'],
	['/usr/share/java/bcpkix.jar', 'libbcpkix-java'],
];
/** BouncyCastle's utilities, a jar of their own since 1.69 (libbcpkix-java brings it where it needs it). */
const BCUTIL = '/usr/share/java/bcutil.jar';
/** Debian's Python, whose PyMuPDF (python3-fitz) the builders use: not a virtual environment's. */
const PYTHON = '/usr/bin/python3';
const P12_PASSWORD = 'people';

/** mupdf's scripts (`mutool run`), each saving incrementally as mupdf's viewers do. */
const MUTOOL_SCRIPTS = {
	annotate: `var doc = new PDFDocument(scriptArgs[0]);
var annot = doc.loadPage(0).createAnnotation("Text");
annot.setRect([20, 20, 40, 40]);
annot.setContents("Checked");
annot.update();
doc.save(scriptArgs[1], "incremental");`,
	// The page leaves the tree and its object is freed: the update's table lists it as free.
	deletePage: `var doc = new PDFDocument(scriptArgs[0]);
var page = doc.findPage(1);
var number = page.asIndirect();
doc.deletePage(1);
doc.deleteObject(number);
doc.save(scriptArgs[1], "incremental");`,
	fillForm: `var doc = new PDFDocument(scriptArgs[0]);
var widgets = doc.loadPage(0).getWidgets();
widgets[0].setTextValue("Jane Doe");
widgets[0].update();
doc.save(scriptArgs[1], "incremental");`,
};

/** PyMuPDF removes the annotations of every page and saves incrementally (its objects freed). */
const PYMUPDF_SCRIPT = `import sys, fitz
doc = fitz.open(sys.argv[1])
for page in doc:
    for annot in list(page.annots()):
        page.delete_annot(annot)
doc.saveIncr()
`;

/** iText 5 over a file with an xref stream, in append mode, and one file of its own, fully compressed. */
const ITEXT_PROGRAM = `import com.itextpdf.text.*;
import com.itextpdf.text.pdf.*;
import com.itextpdf.text.pdf.security.*;
import java.io.*;
import java.security.*;
import java.security.cert.Certificate;
import org.bouncycastle.jce.provider.BouncyCastleProvider;

public class PeoplePdfs {
	public static void main(String[] args) throws Exception {
		String dir = args[0];
		File in = new File(dir, "xref-stream.pdf");
		PdfStamper stamp = new PdfStamper(new PdfReader(in.getPath()), new FileOutputStream(new File(dir, "itext-stamp.pdf")), '\\0', true);
		PdfContentByte over = stamp.getOverContent(1);
		over.beginText();
		over.setFontAndSize(BaseFont.createFont(), 18);
		over.showTextAligned(Element.ALIGN_LEFT, "RECEIVED", 40, 40, 0);
		over.endText();
		stamp.close();

		PdfStamper insert = new PdfStamper(new PdfReader(in.getPath()), new FileOutputStream(new File(dir, "itext-insert.pdf")), '\\0', true);
		insert.insertPage(2, PageSize.A5);
		insert.close();

		Security.addProvider(new BouncyCastleProvider());
		char[] password = args[2].toCharArray();
		KeyStore store = KeyStore.getInstance("PKCS12");
		store.load(new FileInputStream(args[1]), password);
		String alias = store.aliases().nextElement();
		PrivateKey key = (PrivateKey) store.getKey(alias, password);
		Certificate[] chain = store.getCertificateChain(alias);
		PdfStamper sign = PdfStamper.createSignature(new PdfReader(in.getPath()), new FileOutputStream(new File(dir, "itext-sign.pdf")), '\\0', null, true);
		PdfSignatureAppearance look = sign.getSignatureAppearance();
		look.setReason("Approved");
		look.setVisibleSignature(new Rectangle(36, 36, 180, 90), 1, "Signature1");
		MakeSignature.signDetached(look, new BouncyCastleDigest(), new PrivateKeySignature(key, "SHA-256", "BC"), chain, null, null, null, 0, MakeSignature.CryptoStandard.CMS);

		Document fresh = new Document(PageSize.A4);
		PdfWriter writer = PdfWriter.getInstance(fresh, new FileOutputStream(new File(dir, "itext-fresh.pdf")));
		writer.setFullCompression();
		fresh.open();
		for (int page = 1; page <= 3; page++) {
			if (page > 1) fresh.newPage();
			fresh.add(new Paragraph("Page " + page));
		}
		fresh.close();
	}
}
`;

/** The PDFs, by name: each builder answers its bytes. */
const BUILDERS = {
	'mutool: an annotation, saved incrementally': (shop) => shop.mutool('annotate', 'classic.pdf'),
	'mutool: a page deleted and its object freed, saved incrementally': (shop) =>
		shop.mutool('deletePage', 'classic.pdf'),
	'mutool: a form filled, saved incrementally': (shop) => shop.mutool('fillForm', 'classic.pdf'),
	'mutool: a form filled over an xref stream, saved incrementally': (shop) =>
		shop.mutool('fillForm', 'xref-stream.pdf'),
	'PyMuPDF: annotations removed, saveIncr': (shop) => shop.pymupdf(),
	'@cantoo/pdf-lib: an incremental commit': (shop) => shop.cantooCommit(),
	'an update glued to %%EOF': (shop) => shop.gluedUpdate(),
	'startxref on the white space before xref': (shop) => shop.startxrefOnWhiteSpace(),
	'iText 5: a stamp in append mode over an xref stream': (shop) => shop.itext('itext-stamp.pdf'),
	'iText 5: a page inserted in append mode over an xref stream': (shop) =>
		shop.itext('itext-insert.pdf'),
	'iText 5: a signature in append mode over an xref stream': (shop) => shop.itext('itext-sign.pdf'),
	'iText 5: a fresh file with full compression': (shop) => shop.itext('itext-fresh.pdf'),
	'pdfsig: a signature over a pdf-lib file': (shop) => shop.pdfsig(),
	'@signpdf: a signature over a pdf-lib file': (shop) => shop.signpdf('classic.pdf'),
	'@signpdf: a signature over an incremental save': (shop) =>
		shop.signpdf('mutool: an annotation, saved incrementally'),
	'scanimage: a colour scan from the test backend': (shop) => shop.scan('Color'),
	'scanimage: a grey scan from the test backend': (shop) => shop.scan('Gray'),
};
const PEOPLE_PDFS = Object.keys(BUILDERS);

/** What is missing here for the builders: Debian packages (scripts/ensure-pdf-tools.sh installs them). */
function missing() {
	const packages = new Set();
	for (const [command, name] of TOOLS) {
		try {
			execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
		} catch {
			packages.add(name);
		}
	}
	for (const [jar, name] of JARS) if (!fs.existsSync(jar)) packages.add(name);
	try {
		execFileSync(PYTHON, ['-c', 'import fitz'], { stdio: 'ignore' });
	} catch {
		packages.add('python3-fitz');
	}
	return [...packages];
}

/**
 * A workshop in `dir`: the base files (a pdf-lib file of three pages and a text field, saved
 * classic and with object and xref streams), a self-signed certificate and what each tool needs,
 * each made once; `build(name)` answers the named PDF's bytes.
 */
function peopleWorkshop(dir) {
	fs.mkdirSync(dir, { recursive: true });
	const at = (file) => path.join(dir, file);
	const once = new Map();
	const memo = (key, make) => {
		if (!once.has(key)) once.set(key, make());
		return once.get(key);
	};
	const run = (command, args, options = {}) =>
		execFileSync(command, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], ...options });

	const bases = () =>
		memo('bases', async () => {
			const { PDFDocument, StandardFonts } = require('pdf-lib');
			const doc = await PDFDocument.create();
			const font = await doc.embedFont(StandardFonts.Helvetica);
			for (let page = 1; page <= 3; page++)
				doc.addPage([300, 400]).drawText(`Page ${page}`, { x: 40, y: 300, font, size: 24 });
			doc.getForm().createTextField('name').addToPage(doc.getPage(0), {
				x: 40,
				y: 200,
				width: 200,
				height: 30,
			});
			fs.writeFileSync(at('classic.pdf'), await doc.save({ useObjectStreams: false }));
			fs.writeFileSync(at('xref-stream.pdf'), await doc.save({ useObjectStreams: true }));
		});
	const file = async (name) => {
		await bases();
		return fs.readFileSync(at(name));
	};
	const certificate = () =>
		memo('certificate', () => {
			run('openssl', [
				'req',
				'-x509',
				'-newkey',
				'rsa:2048',
				'-nodes',
				'-keyout',
				'key.pem',
				'-out',
				'cert.pem',
				'-days',
				'2',
				'-subj',
				'/CN=Fax Sender',
			]);
			// Legacy encryption (3DES, SHA-1 MAC): what node-forge, Java and NSS all read.
			run('openssl', [
				'pkcs12',
				'-export',
				'-inkey',
				'key.pem',
				'-in',
				'cert.pem',
				'-out',
				'cert.p12',
				'-passout',
				`pass:${P12_PASSWORD}`,
				'-name',
				'people',
				'-keypbe',
				'PBE-SHA1-3DES',
				'-certpbe',
				'PBE-SHA1-3DES',
				'-macalg',
				'sha1',
			]);
			return at('cert.p12');
		});
	const itextFiles = () =>
		memo('itext', async () => {
			await bases();
			const p12 = certificate();
			fs.writeFileSync(at('PeoplePdfs.java'), ITEXT_PROGRAM);
			const jars = [...JARS.map(([jar]) => jar), BCUTIL].filter((jar) => fs.existsSync(jar));
			const classpath = [dir, ...jars].join(':');
			run('javac', ['-nowarn', '-cp', classpath, '-d', dir, at('PeoplePdfs.java')]);
			run('java', ['-cp', classpath, 'PeoplePdfs', dir, p12, P12_PASSWORD]);
		});

	const shop = {
		async mutool(script, base) {
			await bases();
			const source = at(`${script}.js`);
			fs.writeFileSync(source, MUTOOL_SCRIPTS[script]);
			const out = at(`mutool-${script}-${base}`);
			run('mutool', ['run', source, at(base), out]);
			return fs.readFileSync(out);
		},
		async pymupdf() {
			// An annotated file (mupdf's), its annotations then removed in place.
			const annotated = await shop.mutool('annotate', 'classic.pdf');
			const out = at('pymupdf.pdf');
			fs.writeFileSync(out, annotated);
			fs.writeFileSync(at('pymupdf.py'), PYMUPDF_SCRIPT);
			run(PYTHON, [at('pymupdf.py'), out]);
			return fs.readFileSync(out);
		},
		async cantooCommit() {
			const { PDFDocument, StandardFonts } = require('@cantoo/pdf-lib');
			const original = await file('classic.pdf');
			const doc = await PDFDocument.load(original, { forIncrementalUpdate: true });
			const font = await doc.embedFont(StandardFonts.Helvetica);
			doc.getPage(0).drawText('Approved', { x: 40, y: 100, font, size: 18 });
			doc.removePage(2);
			return Buffer.from(await doc.save());
		},
		async gluedUpdate() {
			// The update's first object follows `%%EOF` on its line, as pdfsig writes it.
			const original = await file('classic.pdf');
			const text = original.toString('latin1').replace(/\s+$/, '');
			return appendUpdate(Buffer.from(text, 'latin1'), '', text);
		},
		async startxrefOnWhiteSpace() {
			const original = await file('classic.pdf');
			const text = original.toString('latin1');
			return appendUpdate(original, '\n', text, { startxrefBefore: 1 });
		},
		async itext(name) {
			await itextFiles();
			return fs.readFileSync(at(name));
		},
		async pdfsig() {
			await bases();
			const p12 = certificate();
			const db = memo('nss', () => {
				const nss = at('nss');
				fs.rmSync(nss, { recursive: true, force: true });
				fs.mkdirSync(nss);
				run('certutil', ['-N', '-d', `sql:${nss}`, '--empty-password']);
				run('pk12util', ['-i', p12, '-d', `sql:${nss}`, '-W', P12_PASSWORD]);
				return nss;
			});
			const out = at('pdfsig.pdf');
			run('pdfsig', [
				'-add-signature',
				'-nssdir',
				`sql:${db}`,
				'-nick',
				'people',
				'-reason',
				'Approved',
				at('classic.pdf'),
				out,
			]);
			return fs.readFileSync(out);
		},
		async signpdf(base) {
			const { plainAddPlaceholder } = require('@signpdf/placeholder-plain');
			const { P12Signer } = require('@signpdf/signer-p12');
			const { SignPdf } = require('@signpdf/signpdf');
			const original = base.endsWith('.pdf') ? await file(base) : await shop.build(base);
			const placed = plainAddPlaceholder({
				pdfBuffer: original,
				reason: 'Approved',
				contactInfo: 'fax@example.com',
				name: 'Fax Sender',
				location: 'Office',
			});
			const signer = new P12Signer(fs.readFileSync(certificate()), {
				passphrase: P12_PASSWORD,
			});
			return Buffer.from(await new SignPdf().sign(placed, signer));
		},
		scan(mode) {
			const out = at(`scan-${mode}.pdf`);
			run('scanimage', [
				'-d',
				'test',
				'--format=pdf',
				`--mode=${mode}`,
				'--resolution=50',
				'-x',
				'60',
				'-y',
				'80',
				'-o',
				out,
			]);
			return fs.readFileSync(out);
		},
		build: (name) => memo(`build ${name}`, async () => await BUILDERS[name](shop)),
	};
	return { build: shop.build, missing };
}

/**
 * `original` with an incremental update that gives its catalog a new `/PageMode`: the catalog
 * again, a table of it alone, a trailer naming the one before. `separator` goes between the
 * original's last byte and the update; `startxrefBefore` points `startxref` that many bytes
 * before `xref` (on the white space before it, as @signpdf's placeholder does).
 */
function appendUpdate(original, separator, text, { startxrefBefore = 0 } = {}) {
	const root = /\/Root\s+(\d+)\s+0\s+R/.exec(text.slice(text.lastIndexOf('trailer')))[1];
	const size = Number(/\/Size\s+(\d+)/.exec(text.slice(text.lastIndexOf('trailer')))[1]);
	const prev = Number(/startxref\s+(\d+)/.exec(text.slice(text.lastIndexOf('startxref')))[1]);
	const body = new RegExp(`(?:^|[\\r\\n])${root} 0 obj\\s*(<<[^]*?>>)\\s*endobj`).exec(text)[1];
	const head = Buffer.concat([original, Buffer.from(separator, 'latin1')]);
	const object = `${root} 0 obj\n${body.replace(/^<</, '<< /PageMode /UseOutlines')}\nendobj\n`;
	const xrefAt = head.length + Buffer.byteLength(object, 'latin1');
	const update =
		`${object}\nxref\n0 1\n0000000000 65535 f \n${root} 1\n${String(head.length).padStart(10, '0')} 00000 n \n` +
		`trailer\n<< /Size ${size} /Root ${root} 0 R /Prev ${prev} >>\nstartxref\n${xrefAt + 1 - startxrefBefore}\n%%EOF\n`;
	return Buffer.concat([head, Buffer.from(update, 'latin1')]);
}

module.exports = { PEOPLE_PDFS, peopleWorkshop, missing };
