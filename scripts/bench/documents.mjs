// The mixed day's documents: photos of an ID card (front, back), of a school certificate and of a bank
// transfer slip, drawn on a canvas with a photo's grain and compressed to JPEG as the web app sends them
// (decision 059 records their sizes).
import { createCanvas } from "@napi-rs/canvas";

/** A 1280×960 "photo" of a document titled `title` with `lines` of text, JPEG at quality `quality`. */
function documentPhoto(title, lines, seed, quality = 72) {
  const width = 1280;
  const height = 960;
  const canvas = createCanvas(width, height);
  const g = canvas.getContext("2d");
  let s = seed;
  const rand = () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
  // A table top, and the paper lying on it slightly turned.
  g.fillStyle = "#6b5a48";
  g.fillRect(0, 0, width, height);
  g.save();
  g.translate(width / 2, height / 2);
  g.rotate((rand() - 0.5) * 0.06);
  const paper = g.createLinearGradient(-560, -400, 560, 400);
  paper.addColorStop(0, "#f4f1e8");
  paper.addColorStop(1, "#d9d4c4");
  g.fillStyle = paper;
  g.fillRect(-560, -400, 1120, 800);
  g.fillStyle = "#1d2a44";
  g.font = "bold 44px sans-serif";
  g.fillText(title, -520, -320);
  g.font = "30px sans-serif";
  lines.forEach((line, i) => {
    g.fillText(line, -520, -240 + i * 56);
  });
  g.restore();
  // Sensor grain: what keeps a real photo from compressing to nothing.
  const image = g.getImageData(0, 0, width, height);
  for (let i = 0; i < image.data.length; i += 4) {
    const n = (rand() - 0.5) * 22;
    image.data[i] += n;
    image.data[i + 1] += n;
    image.data[i + 2] += n;
  }
  g.putImageData(image, 0, 0);
  return canvas.toBuffer("image/jpeg", quality);
}

/** The four photos a student sends during the mixed day. */
export function studentDocuments() {
  return {
    idCardFront: documentPhoto(
      "REPÚBLICA DE ANGOLA — BILHETE DE IDENTIDADE",
      ["Nome: Aluno de Teste", "Nascido a 14/05/2001, Luanda", "BI n.º 004567891LA042", "Válido até 2031"],
      11,
    ),
    idCardBack: documentPhoto(
      "BILHETE DE IDENTIDADE — VERSO",
      ["Filiação: Ana Maria Lunda", "Residência: Talatona, Belas", "Emitido em Luanda"],
      23,
    ),
    certificate: documentPhoto(
      "CERTIFICADO DE HABILITAÇÕES",
      ["Ensino Médio concluído", "Escola Secundária n.º 1", "Média final: 14 valores"],
      37,
    ),
    receipt: documentPhoto(
      "COMPROVATIVO DE TRANSFERÊNCIA",
      ["Banco BAI", "Valor: 150 000,00 Kz", "Descritivo: código de referência", "Data: hoje"],
      53,
    ),
  };
}
