# One-off generator of the demo course handout (a real 3-page PDF, Helvetica, WinAnsi).
import textwrap, zlib, sys

TITLE = "Apostila do curso — Biossegurança no consultório odontológico"
pages = [
  [("h1", "Biossegurança no consultório odontológico"),
   ("sub", "Apostila de apoio — Clínica Odontológica Sorriso Pleno"),
   ("h2", "1. Por que a biossegurança importa"),
   ("p", "A biossegurança reúne as medidas que protegem o paciente, a equipe e o ambiente contra riscos biológicos, químicos, físicos e ergonômicos. No consultório odontológico, o contato com saliva, sangue e aerossóis torna essas medidas parte de cada atendimento, e não uma etapa opcional."),
   ("p", "Esta apostila resume as práticas que acompanham as aulas em vídeo do curso. Ela não substitui as normas da Anvisa (RDC 15/2012 e manuais de serviços odontológicos) nem as orientações do conselho regional; use-a como roteiro de estudo e de conferência diária."),
   ("h2", "2. Precauções-padrão"),
   ("li", "Higienize as mãos antes e depois de cada paciente, antes de calçar e depois de retirar as luvas."),
   ("li", "Use equipamentos de proteção individual: luvas, máscara, óculos de proteção ou protetor facial, gorro e avental."),
   ("li", "Considere todo paciente como potencialmente infectado, independentemente do motivo da consulta."),
   ("li", "Descarte perfurocortantes em recipiente rígido, sem reencapar agulhas."),
   ("p", "As precauções-padrão valem para toda a equipe: cirurgião-dentista, auxiliar, técnico em saúde bucal e equipe de limpeza."),
  ],
  [("h2", "3. Processamento de artigos"),
   ("p", "Os artigos odontológicos são classificados conforme o risco de transmissão de infecção. Artigos críticos penetram tecidos ou entram em contato com sangue e devem ser esterilizados; artigos semicríticos entram em contato com mucosa íntegra e exigem, no mínimo, desinfecção de alto nível; artigos não críticos tocam apenas a pele íntegra."),
   ("li", "Limpeza: remova a matéria orgânica com detergente enzimático e escovação ou cuba ultrassônica."),
   ("li", "Enxágue e secagem: use água corrente e secagem completa para evitar manchas e corrosão."),
   ("li", "Inspeção: verifique a integridade e o funcionamento dos instrumentais com lupa e boa iluminação."),
   ("li", "Embalagem: utilize papel grau cirúrgico selado e identifique data, lote e responsável."),
   ("li", "Esterilização: prefira a autoclave a vapor, com ciclo validado e indicadores químicos em cada pacote."),
   ("li", "Armazenamento: guarde em local limpo, seco, fechado e longe de pias."),
   ("h2", "4. Monitoramento da autoclave"),
   ("p", "Registre cada ciclo com data, hora, temperatura, pressão e tempo. Use indicadores químicos internos e externos em todos os pacotes e indicadores biológicos pelo menos semanalmente, além de após manutenções. Um ciclo reprovado exige o reprocessamento de toda a carga."),
  ],
  [("h2", "5. Superfícies, aerossóis e água"),
   ("li", "Desinfete as superfícies de contato clínico entre pacientes (álcool 70% ou produto registrado na Anvisa)."),
   ("li", "Use barreiras descartáveis em refletor, encosto, seringa tríplice e teclados."),
   ("li", "Acione o sugador de alta potência e reduza a produção de aerossóis sempre que possível."),
   ("li", "Purgue as linhas de água do equipo por 30 segundos no início do dia e entre pacientes."),
   ("h2", "6. Resíduos de serviços de saúde"),
   ("p", "Separe os resíduos na origem: infectantes (grupo A) em saco branco leitoso, químicos (grupo B) conforme a ficha de segurança, comuns (grupo D) para reciclagem ou aterro e perfurocortantes (grupo E) em caixa rígida. Mantenha o plano de gerenciamento de resíduos atualizado e acessível à equipe."),
   ("h2", "7. Lista de verificação diária"),
   ("li", "EPIs disponíveis e em bom estado para toda a equipe."),
   ("li", "Autoclave testada e registro do dia preenchido."),
   ("li", "Barreiras trocadas e superfícies desinfetadas entre atendimentos."),
   ("li", "Caixa de perfurocortantes abaixo da linha de preenchimento."),
   ("p", "Bons estudos! Em caso de dúvidas, fale com a equipe da Clínica Odontológica Sorriso Pleno pelo e-mail contato@sorrisopleno.com.br."),
  ],
]

def esc(s):
    return s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")

def enc(s):
    return esc(s).encode("cp1252")

W, H = 595, 842
objs = []
def add(b):
    objs.append(b); return len(objs)

font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
fontb = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>")
pages_id_placeholder = None
page_ids = []
contents = []
for n, blocks in enumerate(pages, 1):
    ops = []
    # header band
    ops.append(b"0.055 0.486 0.482 rg 0 %d %d 36 re f" % (H - 36, W))
    ops.append(b"BT /F2 10 Tf 1 1 1 rg 56 %d Td (%s) Tj ET" % (H - 23, enc("Clínica Odontológica Sorriso Pleno")))
    y = H - 80
    for kind, text in blocks:
        if kind == "h1":
            size, f, width, lead, gap = 20, b"/F2", 44, 26, 4
        elif kind == "sub":
            size, f, width, lead, gap = 11, b"/F1", 90, 15, 14
        elif kind == "h2":
            size, f, width, lead, gap = 13.5, b"/F2", 70, 18, 6; y -= 8
        elif kind == "li":
            size, f, width, lead, gap = 10.5, b"/F1", 94, 14.5, 3
        else:
            size, f, width, lead, gap = 10.5, b"/F1", 100, 14.5, 8
        lines = textwrap.wrap(text, width)
        color = b"0.055 0.486 0.482 rg" if kind in ("h1", "h2") else b"0.2 0.22 0.25 rg"
        for i, line in enumerate(lines):
            x = 56
            if kind == "li":
                if i == 0:
                    ops.append(b"BT %s %s 11 Tf 60 %d Td (%s) Tj ET" % (color, b"/F1", y, enc("•")))
                x = 72
            ops.append(b"BT %s %s %s Tf %d %.1f Td (%s) Tj ET" % (color, f, str(size).encode(), x, y, enc(line)))
            y -= lead
        y -= gap
    ops.append(b"0.8 0.84 0.86 RG 0.5 w 56 50 m %d 50 l S" % (W - 56))
    ops.append(b"BT /F1 9 Tf 0.45 0.48 0.5 rg 56 36 Td (%s) Tj ET" % enc("Material de demonstração — uso exclusivo dos alunos"))
    ops.append(b"BT /F1 9 Tf 0.45 0.48 0.5 rg %d 36 Td (%s) Tj ET" % (W - 110, enc("Página %d de %d" % (n, len(pages)))))
    stream = zlib.compress(b"\n".join(ops), 9)
    c = add(b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(stream) + stream + b"\nendstream")
    contents.append(c)
pages_id = len(objs) + len(pages) + 1
for c in contents:
    page_ids.append(add(b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %d %d] /Resources << /Font << /F1 %d 0 R /F2 %d 0 R >> >> /Contents %d 0 R >>" % (pages_id, W, H, font, fontb, c)))
assert add(b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(b"%d 0 R" % p for p in page_ids), len(page_ids))) == pages_id
title_hex = ("FEFF" + TITLE.encode("utf-16-be").hex()).upper().encode()
info = add(b"<< /Title <%s> /Author (Clinica Odontologica Sorriso Pleno) /Producer (seed-data make_pdf.py) >>" % title_hex)
catalog = add(b"<< /Type /Catalog /Pages %d 0 R >>" % pages_id)

out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
offsets = []
for i, o in enumerate(objs, 1):
    offsets.append(len(out))
    out += b"%d 0 obj\n" % i + o + b"\nendobj\n"
xref = len(out)
out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
for off in offsets:
    out += b"%010d 00000 n \n" % off
out += b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, catalog, info, xref)
open(sys.argv[1], "wb").write(out)
