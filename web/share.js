// Sharing a game's link: the system's share sheet where the browser has one (the Web Share API), and
// the game page's Share dialog, which shows the link to copy and the same link as a QR code, for a
// device in the same room. The QR code is encoded by the pinned npm package qrcode-generator (MIT,
// Kazuhiko Arase; build.py ships its browser script as qrcode/qrcode.js, which this file loads the
// first time a code is drawn, so that no page downloads it before it is needed) and drawn here as SVG.
(function () {
  "use strict";
  const QR_SCRIPT = "qrcode/qrcode.js";
  // The most bytes a QR code holds (version 40, byte mode; ISO/IEC 18004 table 7), by error
  // correction level. Up to M_UP_TO bytes the code is drawn at level M (it reads with 15 % of it
  // spoilt, in at most version 26); beyond, at level L (7 %), which keeps the code's squares larger.
  const MOST_BYTES = { L: 2953, M: 2331 };
  const M_UP_TO = 1000;
  const QUIET = 4;  // the white margin around the code, in squares (the standard's quiet zone)
  const LARGEST = 320;  // CSS px: the code's size in the dialog when the dialog is that wide
  const LABEL = "QR code of the share link";

  let loading = null;
  function loadEncoder() {
    if (typeof window.qrcode === "function") return Promise.resolve(window.qrcode);
    if (!loading) {
      loading = new Promise((resolve, reject) => {
        const script = document.createElement("script");
        script.src = QR_SCRIPT;
        script.onload = () => (typeof window.qrcode === "function" ? resolve(window.qrcode)
          : reject(new Error(QR_SCRIPT + " defines no qrcode()")));
        script.onerror = () => {
          loading = null;  // a later Share tries again
          reject(new Error(QR_SCRIPT + " could not be loaded"));
        };
        document.head.append(script);
      });
    }
    return loading;
  }

  // The text's UTF-8 bytes, one character per byte: the encoder takes the low byte of each character
  // (byte mode), so this gives it the right bytes for any text (a link is ASCII anyway).
  function utf8(text) {
    let out = "";
    for (const byte of new TextEncoder().encode(text)) out += String.fromCharCode(byte);
    return out;
  }

  // The QR code of `text`: {level, version, modules (its width in squares), dark(row, col), bytes},
  // or {tooLong: true, bytes, most} when no QR code holds that many bytes.
  function encode(qrcode, text) {
    const bytes = utf8(text);
    const level = bytes.length <= M_UP_TO ? "M" : "L";
    if (bytes.length > MOST_BYTES[level]) return { tooLong: true, bytes: bytes.length, most: MOST_BYTES.L };
    const code = qrcode(0, level);  // 0: the smallest version that holds the text
    code.addData(bytes, "Byte");
    try {
      code.make();
    } catch (err) {  // the encoder's own overflow ("code length overflow"): too long after all
      return { tooLong: true, bytes: bytes.length, most: MOST_BYTES.L };
    }
    const modules = code.getModuleCount();
    return { level, version: (modules - 17) / 4, modules, dark: (r, c) => code.isDark(r, c), bytes: bytes.length };
  }

  // The code as an SVG element: black squares on white, with the quiet zone, one unit a square; each
  // row's runs of dark squares are one rectangle each.
  function svgOf(code) {
    const size = code.modules + 2 * QUIET;
    let d = "";
    for (let r = 0; r < code.modules; r++) {
      for (let c = 0; c < code.modules;) {
        if (!code.dark(r, c)) { c++; continue; }
        let end = c;
        while (end < code.modules && code.dark(r, end)) end++;
        d += `M${c + QUIET} ${r + QUIET}h${end - c}v1h${c - end}z`;
        c = end;
      }
    }
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", LABEL);
    svg.setAttribute("shape-rendering", "crispEdges");
    svg.dataset.level = code.level;
    svg.dataset.version = String(code.version);
    svg.dataset.quiet = String(QUIET);
    const title = document.createElementNS(ns, "title");
    title.textContent = LABEL;
    const ground = document.createElementNS(ns, "rect");
    ground.setAttribute("width", String(size));
    ground.setAttribute("height", String(size));
    ground.setAttribute("fill", "#fff");
    const squares = document.createElementNS(ns, "path");
    squares.setAttribute("d", d);
    squares.setAttribute("fill", "#000");
    svg.append(title, ground, squares);
    return svg;
  }

  // A whole number of screen pixels a square where that still leaves the code at least 200 px wide,
  // so that every square is drawn the same size (a camera reads that best).
  function fit(svg, room) {
    const size = Number(svg.getAttribute("viewBox").split(" ")[2]);
    const target = Math.max(Math.min(room, LARGEST), 1);
    const whole = Math.floor(target / size) * size;
    svg.style.width = (whole >= Math.min(200, target) ? whole : target) + "px";
  }

  function $(id) { return document.getElementById(id); }

  // Draws the QR code of `url` into the Share dialog (#share-qr), or says why there is none.
  async function drawCode(url) {
    const figure = $("share-qr"), box = $("share-qr-code"), note = $("share-qr-note");
    box.replaceChildren();
    figure.hidden = true;
    note.hidden = true;
    let code;
    try {
      code = encode(await loadEncoder(), url);
    } catch (err) {
      note.textContent = "The QR code could not be drawn (" + err.message + "). Copy the link instead.";
      note.hidden = false;
      return;
    }
    if ($("share-link").value !== url) return;  // the dialog has moved on to another link
    if (code.tooLong) {
      note.textContent = `This link is too long for a QR code (${code.bytes.toLocaleString("en")} characters; ` +
        `a QR code holds at most ${code.most.toLocaleString("en")}). Copy it or share it instead.`;
      note.hidden = false;
      return;
    }
    const svg = svgOf(code);
    box.append(svg);
    figure.hidden = false;
    fit(svg, box.clientWidth || LARGEST);
  }

  // Whether the browser has a share sheet for `data` ({title, url}).
  function canShareSheet(data) {
    if (typeof navigator.share !== "function") return false;
    if (typeof navigator.canShare !== "function") return true;
    try {
      return navigator.canShare(data) === true;
    } catch (err) {
      return false;
    }
  }

  // Opens the share sheet: "shared", "cancelled" (the player closed the sheet, or one is already
  // open: nothing to report), or "failed" (the caller falls back to the link to copy).
  async function shareSheet(data) {
    try {
      await navigator.share(data);
      return "shared";
    } catch (err) {
      const name = err && err.name;
      return name === "AbortError" || name === "InvalidStateError" ? "cancelled" : "failed";
    }
  }

  let opened = 0;  // which opening of the dialog a share sheet belongs to

  async function sheetFromDialog(data) {
    const dialog = $("share-dialog"), state = $("share-state");
    const opening = opened;
    const result = await shareSheet(data);
    if (opening !== opened || !dialog.open) return;
    if (result === "shared") {
      dialog.close();  // done: back to the game (the focus returns to the Share button)
    } else if (result === "failed") {
      state.textContent = "The share sheet did not open. Copy the link" +
        ($("share-qr").hidden ? " instead." : ", or let the other device scan the code.");
    }
  }

  // The game page's Share: the dialog with the link (selected, to copy), its QR code and, where the
  // browser has one, a "Share…" button for the share sheet, which opens at once, over the dialog. Shared,
  // the dialog closes; the sheet closed without sharing, the dialog stays, with the code to scan.
  // Called in the click's handler: the share sheet needs the click's user activation.
  function open(url, title) {
    const dialog = $("share-dialog"), link = $("share-link"), native = $("share-native");
    const data = { title, url };
    opened += 1;
    link.value = url;
    $("share-state").textContent = "";
    const sheet = canShareSheet(data);
    native.hidden = !sheet;
    native.onclick = () => { $("share-state").textContent = ""; sheetFromDialog(data); };
    if (sheet) sheetFromDialog(data);
    if (!dialog.open) dialog.showModal();
    link.focus();
    link.select();
    return drawCode(url);
  }

  window.chaupalShare = { open, canShareSheet, shareSheet, loadEncoder, encode };
})();
