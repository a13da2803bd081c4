// A 4000×3000 JPEG "phone photo" of an Angolan identity card (or a transfer slip) lying on a table: drawn
// in the browser's canvas (text at the card's real proportions, a portrait, sensor noise), so the bench
// uploads what a student's camera makes (3–5 MB) and the compression is judged on small print.

/** Draws the photo in `page` (a Playwright page) and answers its JPEG bytes. */
export async function documentPhoto(page, { kind = "bi-frente", seed = 1 } = {}) {
  const base64 = await page.evaluate(
    async ({ kind, seed }) => {
      const W = 4000;
      const H = 3000;
      const canvas = document.createElement("canvas");
      canvas.width = W;
      canvas.height = H;
      const g = canvas.getContext("2d");
      // A wooden table, lit from the left.
      const table = g.createLinearGradient(0, 0, W, H);
      table.addColorStop(0, "#8a6a4a");
      table.addColorStop(1, "#5a4230");
      g.fillStyle = table;
      g.fillRect(0, 0, W, H);
      // The card: 85.6 × 54 mm, about 3000 px wide in the photo, slightly turned.
      g.save();
      g.translate(W / 2, H / 2);
      g.rotate(-0.03);
      const cw = 3000;
      const ch = Math.round((cw * 54) / 85.6);
      const mm = cw / 85.6;
      g.translate(-cw / 2, -ch / 2);
      const card = g.createLinearGradient(0, 0, cw, ch);
      card.addColorStop(0, kind === "talao" ? "#f4f4ef" : "#dcecf7");
      card.addColorStop(1, kind === "talao" ? "#e8e8e0" : "#f3e6d0");
      g.fillStyle = card;
      g.beginPath();
      g.roundRect(0, 0, cw, ch, 3 * mm);
      g.fill();
      g.fillStyle = "#1b2a3a";
      const text = (s, x, y, sizeMm, weight = "normal") => {
        g.font = `${weight} ${Math.round(sizeMm * mm)}px Arial, sans-serif`;
        g.fillText(s, x * mm, y * mm);
      };
      if (kind === "talao") {
        text("BANCO BAI — COMPROVATIVO DE TRANSFERÊNCIA", 4, 8, 3.2, "bold");
        const lines = [
          ["Data", "14/11/2026 10:42"],
          ["Conta origem", "0040 0000 5566 7788 1012 9"],
          ["IBAN destino", "AO06 0040 0000 1234 5678 9016 7"],
          ["Beneficiário", "Instituto Superior de Formação"],
          ["Descritivo", "BENCH-923999001 Marketing Digital"],
          ["Valor", "145.000,00 Kz"],
          ["N.º operação", "TRF-2026-1114-004512"],
        ];
        lines.forEach(([k, v], i) => {
          text(k, 4, 16 + i * 5, 2.2);
          text(v, 34, 16 + i * 5, 2.2, "bold");
        });
      } else if (kind === "bi-verso") {
        text("REPÚBLICA DE ANGOLA", 4, 7, 2.6, "bold");
        text("Filiação: Rosa Maria Kiala / João Kiala", 4, 14, 1.8);
        text("Residência: Zango 2, Viana, Luanda", 4, 19, 1.8);
        text("Emitido em: 03/02/2022   Válido até: 02/02/2032", 4, 24, 1.8);
        g.font = `${Math.round(2.1 * mm)}px "Courier New", monospace`;
        ["IDAGO004567890LA042<<<<<<<<<<<", "0103095F3202023AGO<<<<<<<<<<<4", "KIALA<<ESPERANCA<<<<<<<<<<<<<<"].forEach(
          (l, i) => {
            g.fillText(l, 4 * mm, (38 + i * 4.5) * mm);
          },
        );
      } else {
        text("REPÚBLICA DE ANGOLA", 28, 7, 2.6, "bold");
        text("BILHETE DE IDENTIDADE", 28, 11, 2.2, "bold");
        const fields = [
          ["Nome", "ESPERANÇA KIALA"],
          ["N.º", "004567890LA042"],
          ["Data de nascimento", "09/03/2002"],
          ["Naturalidade", "Uíge"],
          ["Sexo", "F    Altura 1,64 m"],
          ["Estado civil", "Solteira"],
        ];
        fields.forEach(([k, v], i) => {
          text(k, 28, 17 + i * 6, 1.5);
          text(v, 28, 20 + i * 6, 2.1, "bold");
        });
        // The portrait: a face-like gradient with texture.
        const face = g.createRadialGradient(14 * mm, 26 * mm, 2 * mm, 14 * mm, 28 * mm, 14 * mm);
        face.addColorStop(0, "#6b4a36");
        face.addColorStop(0.5, "#3e2a1f");
        face.addColorStop(1, "#a9b8c4");
        g.fillStyle = face;
        g.fillRect(4 * mm, 14 * mm, 20 * mm, 26 * mm);
      }
      g.restore();
      // Sensor noise and uneven light, as a phone camera makes them (what makes a photo weigh megabytes).
      const img = g.getImageData(0, 0, W, H);
      const d = img.data;
      let s = seed * 2654435761;
      for (let i = 0; i < d.length; i += 4) {
        s = (s * 1103515245 + 12345) >>> 0;
        const n = ((s >>> 16) % 25) - 12;
        const light = 1.08 - ((i / 4) % W) / W / 6;
        d[i] = Math.max(0, Math.min(255, d[i] * light + n));
        d[i + 1] = Math.max(0, Math.min(255, d[i + 1] * light + n));
        d[i + 2] = Math.max(0, Math.min(255, d[i + 2] * light + n));
      }
      g.putImageData(img, 0, 0);
      const blob = await new Promise((r) => canvas.toBlob(r, "image/jpeg", 0.92));
      const reader = new FileReader();
      const url = await new Promise((r) => {
        reader.onload = () => r(reader.result);
        reader.readAsDataURL(blob);
      });
      return url.slice(url.indexOf(",") + 1);
    },
    { kind, seed },
  );
  return Buffer.from(base64, "base64");
}
