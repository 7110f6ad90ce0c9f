#include "CppHighlighter.h"

#include <QFileInfo>
#include <QSet>

namespace rd {
namespace {

const QSet<QStringView> &keywords()
{
    static const QSet<QStringView> set = [] {
        QSet<QStringView> s;
        for (const char16_t *w :
             {u"alignas", u"alignof", u"asm", u"break", u"case", u"catch", u"class", u"co_await", u"co_return", u"co_yield",
              u"concept", u"const", u"const_cast", u"consteval", u"constexpr", u"constinit", u"continue", u"decltype",
              u"default", u"delete", u"do", u"dynamic_cast", u"else", u"enum", u"explicit", u"export", u"extern", u"false",
              u"final", u"for", u"friend", u"goto", u"if", u"inline", u"mutable", u"namespace", u"new", u"noexcept",
              u"nullptr", u"operator", u"override", u"private", u"protected", u"public", u"register", u"reinterpret_cast",
              u"requires", u"restrict", u"return", u"sizeof", u"static", u"static_assert", u"static_cast", u"struct",
              u"switch", u"template", u"this", u"thread_local", u"throw", u"true", u"try", u"typedef", u"typeid",
              u"typename", u"union", u"using", u"virtual", u"volatile", u"while", u"NULL", u"_Static_assert", u"_Noreturn"})
            s.insert(QStringView(w));
        return s;
    }();
    return set;
}

const QSet<QStringView> &types()
{
    static const QSet<QStringView> set = [] {
        QSet<QStringView> s;
        for (const char16_t *w :
             {u"auto", u"bool", u"char", u"char8_t", u"char16_t", u"char32_t", u"double", u"float", u"int", u"long",
              u"short", u"signed", u"unsigned", u"void", u"wchar_t", u"size_t", u"ssize_t", u"ptrdiff_t", u"intptr_t",
              u"uintptr_t", u"int8_t", u"int16_t", u"int32_t", u"int64_t", u"uint8_t", u"uint16_t", u"uint32_t",
              u"uint64_t", u"_Bool", u"std"})
            s.insert(QStringView(w));
        return s;
    }();
    return set;
}

bool isIdentifierStart(QChar c) { return c.isLetter() || c == u'_'; }
bool isIdentifierPart(QChar c) { return c.isLetterOrNumber() || c == u'_'; }

void add(QList<StyledSpan> &out, qsizetype start, qsizetype end, CppHighlighter::Token token)
{
    if (end > start)
        out.append({static_cast<int>(start), static_cast<int>(end - start), token});
}

// End of a quoted literal starting at `i` (the quote), honouring escapes.
qsizetype literalEnd(QStringView line, qsizetype i)
{
    const QChar quote = line[i];
    for (++i; i < line.size(); ++i) {
        if (line[i] == u'\\')
            ++i;
        else if (line[i] == quote)
            return i + 1;
    }
    return line.size();
}

} // namespace

CppHighlighter::CppHighlighter(bool dark) : m_dark(dark) {}

bool CppHighlighter::handles(const QString &fileName)
{
    static const QSet<QString> suffixes{QStringLiteral("c"),   QStringLiteral("h"),   QStringLiteral("cc"),  QStringLiteral("cpp"),
                                        QStringLiteral("cxx"), QStringLiteral("c++"), QStringLiteral("hh"),  QStringLiteral("hpp"),
                                        QStringLiteral("hxx"), QStringLiteral("h++"), QStringLiteral("inl"), QStringLiteral("ipp"),
                                        QStringLiteral("tpp"), QStringLiteral("cu"),  QStringLiteral("cuh"), QStringLiteral("ino")};
    return suffixes.contains(QFileInfo(fileName).suffix().toLower());
}

QList<TextStyle> CppHighlighter::styles() const
{
    // Indexed by Token. Colours readable on the diff's light or dark rows.
    if (m_dark)
        return {{QColor(0xff7b72), true, false}, {QColor(0x79c0ff), false, false}, {QColor(0xa5d6ff), false, false},
                {QColor(0xa5d6ff), false, false}, {QColor(0x8b949e), false, true},  {QColor(0xd2a8ff), false, false},
                {QColor(0x79c0ff), false, false}};
    return {{QColor(0xcf222e), true, false}, {QColor(0x0550ae), false, false}, {QColor(0x0a3069), false, false},
            {QColor(0x0a3069), false, false}, {QColor(0x6e7781), false, true},  {QColor(0x8250df), false, false},
            {QColor(0x0550ae), false, false}};
}

void CppHighlighter::highlightLine(QStringView line, QList<StyledSpan> &out)
{
    qsizetype i = 0;
    const qsizetype n = line.size();
    const bool continues = n > 0 && line[n - 1] == u'\\';

    if (m_state == State::BlockComment) {
        const qsizetype close = line.indexOf(u"*/");
        if (close < 0) {
            add(out, 0, n, Comment);
            return;
        }
        add(out, 0, close + 2, Comment);
        i = close + 2;
        m_state = State::Code;
    } else if (m_state == State::Preprocessor) {
        add(out, 0, n, Preprocessor);
        m_state = continues ? State::Preprocessor : State::Code;
        return;
    }

    // A directive: the whole line, continued while it ends in a backslash.
    qsizetype first = i;
    while (first < n && line[first].isSpace())
        ++first;
    if (i == 0 && first < n && line[first] == u'#') {
        const qsizetype comment = line.indexOf(u"//", first);
        add(out, first, comment < 0 ? n : comment, Preprocessor);
        if (comment >= 0)
            add(out, comment, n, Comment);
        m_state = continues && comment < 0 ? State::Preprocessor : State::Code;
        return;
    }

    while (i < n) {
        const QChar c = line[i];
        if (c == u'/' && i + 1 < n && line[i + 1] == u'/') {
            add(out, i, n, Comment);
            return;
        }
        if (c == u'/' && i + 1 < n && line[i + 1] == u'*') {
            const qsizetype close = line.indexOf(u"*/", i + 2);
            if (close < 0) {
                add(out, i, n, Comment);
                m_state = State::BlockComment;
                return;
            }
            add(out, i, close + 2, Comment);
            i = close + 2;
            continue;
        }
        if (c == u'"' || c == u'\'') {
            const qsizetype end = literalEnd(line, i);
            add(out, i, end, c == u'"' ? String : Character);
            i = end;
            continue;
        }
        if (c.isDigit() || (c == u'.' && i + 1 < n && line[i + 1].isDigit())) {
            qsizetype end = i + 1;
            // Digits, hex, exponents, separators and suffixes: 0x1Fu, 1'000, 1.5e-3f.
            while (end < n && (line[end].isLetterOrNumber() || line[end] == u'.' || line[end] == u'\''
                               || ((line[end] == u'-' || line[end] == u'+') && (line[end - 1] == u'e' || line[end - 1] == u'E'))))
                ++end;
            add(out, i, end, Number);
            i = end;
            continue;
        }
        if (isIdentifierStart(c)) {
            qsizetype end = i + 1;
            while (end < n && isIdentifierPart(line[end]))
                ++end;
            const QStringView word = line.mid(i, end - i);
            // A prefixed literal: u8"...", L'x', R"(...)" (raw strings end on this line).
            if (end < n && (line[end] == u'"' || line[end] == u'\'')
                && (word == u"u8" || word == u"u" || word == u"U" || word == u"L" || word == u"R" || word == u"u8R" || word == u"LR")) {
                const qsizetype close = word.endsWith(u'R') ? line.indexOf(u")\"", end) : -1;
                const qsizetype literal = word.endsWith(u'R') ? (close < 0 ? n : close + 2) : literalEnd(line, end);
                add(out, i, literal, line[end] == u'"' ? String : Character);
                i = literal;
                continue;
            }
            if (keywords().contains(word))
                add(out, i, end, Keyword);
            else if (types().contains(word))
                add(out, i, end, Type);
            i = end;
            continue;
        }
        ++i;
    }
}

} // namespace rd
