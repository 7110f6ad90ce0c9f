#include "CodeAnalysis.h"

#include "ClangCursor.h"
#include "SourceSnapshot.h"

#include <QFileInfo>

#include <algorithm>
#include <numeric>
#include <vector>

namespace rd {

namespace {

struct Token
{
    unsigned offset;
    QString spelling;
};

class Analyzer
{
public:
    Analyzer(CXTranslationUnit tu, CXFile mainFile, const SourceSnapshot &snapshot, CodeModel &model)
        : m_tu(tu), m_main(mainFile), m_snapshot(snapshot), m_model(model)
    {
        collectTokens();
    }

    void run()
    {
        visitScope(clang_getTranslationUnitCursor(m_tu));
        // Statements were added in walking order (a lambda's before the
        // declaration holding it): sort by line and renumber the parents.
        QList<int> order(m_model.statements.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(),
                         [this](int a, int b) { return m_model.statements[a].first < m_model.statements[b].first; });
        QList<int> position(order.size());
        QList<CodeStatement> sorted;
        sorted.reserve(order.size());
        for (int i = 0; i < order.size(); ++i) {
            position[order[i]] = i;
            sorted.append(std::move(m_model.statements[order[i]]));
        }
        for (CodeStatement &st : sorted)
            if (st.parent >= 0)
                st.parent = position[st.parent];
        m_model.statements = std::move(sorted);
    }

private:
    bool inMain(CXCursor c) const
    {
        CXFile file = nullptr;
        clang_getExpansionLocation(clang_getCursorLocation(c), &file, nullptr, nullptr, nullptr);
        return file && clang_File_isEqual(file, m_main);
    }

    void collectTokens()
    {
        QFile f(take(clang_getFileName(m_main)));
        const qint64 size = f.size();
        const CXSourceRange range = clang_getRange(clang_getLocationForOffset(m_tu, m_main, 0),
                                                   clang_getLocationForOffset(m_tu, m_main, static_cast<unsigned>(size)));
        CXToken *tokens = nullptr;
        unsigned count = 0;
        clang_tokenize(m_tu, range, &tokens, &count);
        m_tokens.reserve(count / 2);
        for (unsigned i = 0; i < count; ++i) {
            const CXTokenKind kind = clang_getTokenKind(tokens[i]);
            if (kind != CXToken_Punctuation && kind != CXToken_Keyword)
                continue;
            unsigned offset = 0;
            clang_getSpellingLocation(clang_getTokenLocation(m_tu, tokens[i]), nullptr, nullptr, nullptr, &offset);
            m_tokens.push_back({offset, take(clang_getTokenSpelling(m_tu, tokens[i]))});
        }
        clang_disposeTokens(m_tu, tokens, count);
    }

    // The first punctuation token at or after `from` and before `to`.
    const Token *tokenIn(unsigned from, unsigned to) const
    {
        auto it = std::lower_bound(m_tokens.begin(), m_tokens.end(), from, [](const Token &t, unsigned o) { return t.offset < o; });
        return it != m_tokens.end() && it->offset < to ? &*it : nullptr;
    }

    QString binaryOperator(CXCursor c) const
    {
        const auto kids = childrenOf(c);
        if (kids.size() != 2)
            return {};
        const Token *t = tokenIn(spanOf(kids[0]).endOffset, spanOf(kids[1]).startOffset + 1);
        return t ? t->spelling : QString();
    }

    QString unaryOperator(CXCursor c) const
    {
        const auto kids = childrenOf(c);
        const Span whole = spanOf(c);
        if (kids.empty())
            return {};
        const Span operand = spanOf(kids[0]);
        const Token *t = operand.startOffset > whole.startOffset ? tokenIn(whole.startOffset, operand.startOffset)
                                                                 : tokenIn(operand.endOffset, whole.endOffset + 1);
        return t ? t->spelling : QString();
    }

    // Offset of the ')' closing the first '(' after `from`: the end of an
    // if / for / while / switch header.
    std::optional<unsigned> headerEnd(unsigned from, unsigned limit) const
    {
        auto it = std::lower_bound(m_tokens.begin(), m_tokens.end(), from, [](const Token &t, unsigned o) { return t.offset < o; });
        int depth = 0;
        for (; it != m_tokens.end() && it->offset < limit; ++it) {
            if (it->spelling == QLatin1String("("))
                ++depth;
            else if (it->spelling == QLatin1String(")") && --depth == 0)
                return it->offset;
        }
        return std::nullopt;
    }

    unsigned lineOfOffset(unsigned offset) const
    {
        unsigned line = 0;
        clang_getExpansionLocation(clang_getLocationForOffset(m_tu, m_main, offset), nullptr, &line, nullptr, nullptr);
        return line;
    }

    // `inRecord`: the members of a class or struct belong to it; only the
    // functions and nested types inside are items of their own.
    void visitScope(CXCursor parent, bool inRecord = false)
    {
        forEachChild(parent, [this, inRecord](CXCursor c) {
            if (!inMain(c))
                return;
            const CXCursorKind kind = clang_getCursorKind(c);
            if (isFunctionKind(kind)) {
                if (auto body = bodyOf(c))
                    addFunction(c, *body);
                else
                    addTopLevel(c);
                return;
            }
            if (kind == CXCursor_Namespace || kind == CXCursor_LinkageSpec || kind == CXCursor_UnexposedDecl) {
                visitScope(c);
                return;
            }
            if (kind == CXCursor_ClassDecl || kind == CXCursor_StructDecl || kind == CXCursor_UnionDecl
                || kind == CXCursor_ClassTemplate || kind == CXCursor_ClassTemplatePartialSpecialization) {
                addTopLevel(c);
                visitScope(c, true); // methods defined inside the class
                return;
            }
            if (inRecord && kind != CXCursor_EnumDecl)
                return;
            if (kind == CXCursor_MacroDefinition) {
                const Span s = spanOf(c);
                m_model.topLevel.append({take(clang_getCursorSpelling(c)), static_cast<int>(s.startLine), static_cast<int>(s.endLine), true});
                return;
            }
            if (kind == CXCursor_MacroExpansion) {
                unsigned line = 0;
                clang_getSpellingLocation(clang_getCursorLocation(c), nullptr, &line, nullptr, nullptr);
                m_model.macroUses[take(clang_getCursorSpelling(c))].append(static_cast<int>(line));
                return;
            }
            if (clang_isDeclaration(kind))
                addTopLevel(c);
        });
    }

    void addTopLevel(CXCursor c)
    {
        const Span s = spanOf(c);
        m_model.topLevel.append({take(clang_getCursorSpelling(c)), static_cast<int>(s.startLine), static_cast<int>(s.endLine)});
    }

    int addFunction(CXCursor function, CXCursor body)
    {
        const Span whole = spanOf(function);
        CodeFunction f;
        f.name = clang_getCursorKind(function) == CXCursor_LambdaExpr ? QStringLiteral("lambda") : take(clang_getCursorSpelling(function));
        f.first = static_cast<int>(whole.startLine);
        f.last = static_cast<int>(whole.endLine);
        f.headerLast = static_cast<int>(spanOf(body).startLine);
        const int index = static_cast<int>(m_model.functions.size());
        m_model.functions.append(f);

        // The signature is a statement of its own: it declares the parameters.
        CodeStatement signature;
        signature.kind = CodeStatement::Kind::Signature;
        signature.first = f.first;
        signature.last = f.headerLast;
        signature.end = f.last;
        signature.function = index;
        forEachChild(function, [&](CXCursor c) {
            if (clang_getCursorKind(c) == CXCursor_ParmDecl) {
                const QString usr = take(clang_getCursorUSR(c));
                signature.declares.insert(usr);
                record(c);
            }
        });
        m_model.statements.append(signature);
        const int outerParent = m_parent;
        m_parent = -1; // a lambda's statements are not controlled by the statement around it
        walkBlock(body, index);
        m_parent = outerParent;
        return index;
    }

    void walkBlock(CXCursor block, int function)
    {
        forEachChild(block, [this, function](CXCursor c) { addStatement(c, function); });
    }

    void addStatement(CXCursor c, int function)
    {
        const CXCursorKind kind = clang_getCursorKind(c);
        if (kind == CXCursor_CompoundStmt) {
            walkBlock(c, function);
            return;
        }
        const Span span = spanOf(c);
        CodeStatement st;
        st.function = function;
        st.parent = m_parent;
        st.first = static_cast<int>(span.startLine);
        st.end = static_cast<int>(span.endLine);

        if (kind == CXCursor_CaseStmt || kind == CXCursor_DefaultStmt || kind == CXCursor_LabelStmt) {
            // "case X:" is a line of its own; the statement after it is another.
            const auto kids = childrenOf(c);
            st.kind = CodeStatement::Kind::Control;
            st.last = st.first;
            for (std::size_t i = 0; i + 1 < kids.size(); ++i)
                analyze(kids[i], st);
            const int self = static_cast<int>(m_model.statements.size());
            m_model.statements.append(st);
            if (!kids.empty())
                withParent(self, [&] { addStatement(kids.back(), function); });
            return;
        }

        if (isControlKind(kind)) {
            st.kind = CodeStatement::Kind::Control;
            const auto kids = childrenOf(c);
            std::vector<CXCursor> bodies, header;
            if (kind == CXCursor_DoStmt) {
                if (!kids.empty())
                    bodies.push_back(kids.front());
                header.assign(kids.begin() + std::min<std::size_t>(1, kids.size()), kids.end());
                st.last = st.first;
            } else {
                const auto end = headerEnd(span.startOffset, span.endOffset);
                const unsigned headerEndOffset = end.value_or(span.startOffset);
                st.last = static_cast<int>(end ? lineOfOffset(*end) : span.startLine);
                for (CXCursor k : kids)
                    (spanOf(k).startOffset > headerEndOffset ? bodies : header).push_back(k);
            }
            for (CXCursor h : header)
                analyze(h, st);
            // The lines that close it: braces of its bodies, `} else {`,
            // `} while (c);`, so that a slice shows a whole structure.
            QSet<int> closing;
            for (CXCursor b : bodies) {
                const Span bs = spanOf(b);
                if (clang_getCursorKind(b) == CXCursor_CompoundStmt) {
                    closing.insert(static_cast<int>(bs.startLine));
                    closing.insert(static_cast<int>(bs.endLine));
                }
            }
            for (auto it = std::lower_bound(m_tokens.begin(), m_tokens.end(), span.startOffset, [](const Token &t, unsigned o) { return t.offset < o; });
                 it != m_tokens.end() && it->offset <= span.endOffset; ++it)
                if (it->spelling == QLatin1String("else") && isDirectElse(it->offset, bodies))
                    closing.insert(static_cast<int>(lineOfOffset(it->offset)));
            if (kind == CXCursor_DoStmt && !bodies.empty())
                for (int l = static_cast<int>(spanOf(bodies.front()).endLine); l <= st.end; ++l)
                    closing.insert(l);
            closing.insert(st.end);
            for (int l = st.first; l <= st.last; ++l)
                closing.remove(l);
            st.closing = QList<int>(closing.begin(), closing.end());
            std::sort(st.closing.begin(), st.closing.end());
            const int self = static_cast<int>(m_model.statements.size());
            m_model.statements.append(st);
            withParent(self, [&] {
                for (CXCursor b : bodies)
                    addStatement(b, function);
            });
            return;
        }

        st.kind = kind == CXCursor_ReturnStmt ? CodeStatement::Kind::Return
            : kind == CXCursor_DeclStmt       ? CodeStatement::Kind::Declaration
                                              : CodeStatement::Kind::Plain;
        st.last = st.end;
        analyze(c, st);
        m_model.statements.append(st);
    }

    template <typename F>
    void withParent(int parent, F &&f)
    {
        const int outer = m_parent;
        m_parent = parent;
        f();
        m_parent = outer;
    }

    // An `else` between two bodies of this statement (not one of a nested if).
    static bool isDirectElse(unsigned offset, const std::vector<CXCursor> &bodies)
    {
        for (std::size_t i = 0; i + 1 < bodies.size(); ++i)
            if (offset >= spanOf(bodies[i]).endOffset && offset < spanOf(bodies[i + 1]).startOffset)
                return true;
        return false;
    }

    // An object and its field as one entity (q->count apart from
    // stats->count); a field of something unnamed is the field alone.
    QString accessKey(CXCursor expression)
    {
        const CXCursor t = target(expression);
        const CXCursorKind k = clang_getCursorKind(t);
        if (k == CXCursor_DeclRefExpr) {
            const CXCursor ref = clang_getCursorReferenced(t);
            return isDataKind(clang_getCursorKind(ref)) ? take(clang_getCursorUSR(ref)) : QString();
        }
        if (k == CXCursor_MemberRefExpr) {
            const CXCursor ref = clang_getCursorReferenced(t);
            if (!isDataKind(clang_getCursorKind(ref)))
                return {};
            const QString field = take(clang_getCursorUSR(ref));
            record(ref);
            const auto kids = childrenOf(t);
            const QString object = kids.empty() ? QString() : accessKey(kids.front());
            if (object.isEmpty())
                return field;
            const QString key = object + QLatin1Char('|') + field;
            if (!m_model.declarations.contains(key) && m_model.declarations.contains(field))
                m_model.declarations.insert(key, m_model.declarations.value(field));
            return key;
        }
        if (k == CXCursor_ArraySubscriptExpr || (k == CXCursor_UnaryOperator && unaryOperator(t) == QLatin1String("*"))) {
            const auto kids = childrenOf(t);
            return kids.empty() ? QString() : accessKey(kids.front());
        }
        return {};
    }

    static bool isPointerType(CXCursor expression)
    {
        const CXType type = clang_getCanonicalType(clang_getCursorType(expression));
        return type.kind == CXType_Pointer;
    }

    // Strips parentheses and implicit conversions down to what is named.
    CXCursor target(CXCursor c) const
    {
        for (;;) {
            const CXCursorKind k = clang_getCursorKind(c);
            if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr && k != CXCursor_CStyleCastExpr)
                return c;
            const auto kids = childrenOf(c);
            if (kids.empty())
                return c;
            c = kids.back();
        }
    }

    void markWritten(CXCursor expression, CodeStatement &st)
    {
        const CXCursor t = target(expression);
        const CXCursorKind k = clang_getCursorKind(t);
        if (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr) {
            const CXCursor ref = clang_getCursorReferenced(t);
            if (isDataKind(clang_getCursorKind(ref))) {
                record(ref);
                const QString key = accessKey(t);
                if (!key.isEmpty())
                    st.writes.insert(key);
            }
            // Writing a.b also changes a; writing p->b changes what p points
            // to, not p.
            if (k == CXCursor_MemberRefExpr)
                for (CXCursor base : childrenOf(t))
                    if (!isPointerType(base))
                        markWritten(base, st);
        } else if (k == CXCursor_ArraySubscriptExpr) {
            const auto kids = childrenOf(t);
            if (!kids.empty())
                markWritten(kids.front(), st);
        } else if (k == CXCursor_UnaryOperator && unaryOperator(t) == QLatin1String("*")) {
            const auto kids = childrenOf(t);
            if (!kids.empty())
                markWritten(kids.front(), st);
        }
    }

    void analyzeCall(CXCursor call, CodeStatement &st)
    {
        const CXCursor callee = clang_getCursorReferenced(call);
        const CXCursorKind calleeKind = clang_getCursorKind(callee);
        if (isFunctionKind(calleeKind)) {
            st.calls.insert(take(clang_getCursorUSR(callee)));
            record(callee);
            const int arguments = clang_Cursor_getNumArguments(call);
            for (int i = 0; i < arguments; ++i) {
                const CXCursor argument = clang_Cursor_getArgument(call, static_cast<unsigned>(i));
                const CXCursor parameter = clang_Cursor_getArgument(callee, static_cast<unsigned>(i));
                if (clang_Cursor_isNull(parameter))
                    continue;
                const CXType type = clang_getCanonicalType(clang_getCursorType(parameter));
                const CXType pointee = clang_getPointeeType(type);
                const bool outReference = type.kind == CXType_LValueReference && !clang_isConstQualifiedType(pointee);
                const bool outPointer = type.kind == CXType_Pointer && !clang_isConstQualifiedType(pointee);
                if (outReference)
                    markWritten(argument, st);
                else if (outPointer) {
                    // &x, an array (char name[16]) or a pointer passed to a
                    // non-const pointer parameter: the callee may write it.
                    const CXCursor a = target(argument);
                    if (clang_getCursorKind(a) == CXCursor_UnaryOperator && unaryOperator(a) == QLatin1String("&"))
                        for (CXCursor operand : childrenOf(a))
                            markWritten(operand, st);
                    else
                        markWritten(a, st);
                }
            }
            // obj.mutate(): a non-const method changes its object.
            if (calleeKind == CXCursor_CXXMethod && !clang_CXXMethod_isConst(callee) && !clang_CXXMethod_isStatic(callee)) {
                const auto kids = childrenOf(call);
                if (!kids.empty()) {
                    const CXCursor member = target(kids.front());
                    if (clang_getCursorKind(member) == CXCursor_MemberRefExpr)
                        for (CXCursor base : childrenOf(member))
                            markWritten(base, st);
                }
            }
        }
        for (CXCursor child : childrenOf(call))
            analyze(child, st);
    }

    void analyze(CXCursor c, CodeStatement &st)
    {
        const CXCursorKind k = clang_getCursorKind(c);
        switch (k) {
        case CXCursor_LambdaExpr:
            if (auto body = bodyOf(c))
                addFunction(c, *body);
            return;
        case CXCursor_BinaryOperator: {
            const auto kids = childrenOf(c);
            if (kids.size() == 2 && binaryOperator(c) == QLatin1String("=")) {
                markWritten(kids[0], st);
                // Reads on the left are only those inside it: a[i] reads i.
                for (CXCursor inner : childrenOf(target(kids[0])))
                    analyze(inner, st);
                analyze(kids[1], st);
                return;
            }
            break;
        }
        case CXCursor_CompoundAssignOperator: {
            const auto kids = childrenOf(c);
            if (!kids.empty())
                markWritten(kids[0], st);
            break;
        }
        case CXCursor_UnaryOperator: {
            const QString op = unaryOperator(c);
            if (op == QLatin1String("++") || op == QLatin1String("--"))
                for (CXCursor operand : childrenOf(c))
                    markWritten(operand, st);
            break;
        }
        case CXCursor_CallExpr:
            analyzeCall(c, st);
            return;
        case CXCursor_DeclRefExpr:
        case CXCursor_MemberRefExpr: {
            const CXCursor ref = clang_getCursorReferenced(c);
            if (isDataKind(clang_getCursorKind(ref))) {
                record(ref);
                const QString key = accessKey(c);
                if (!key.isEmpty())
                    st.reads.insert(key);
            }
            break;
        }
        case CXCursor_VarDecl: {
            const QString usr = take(clang_getCursorUSR(c));
            st.declares.insert(usr);
            record(c);
            bool initialised = false;
            forEachChild(c, [&initialised](CXCursor child) { initialised = initialised || clang_isExpression(clang_getCursorKind(child)); });
            if (initialised || st.kind == CodeStatement::Kind::Control) // for (x : range) writes x
                st.writes.insert(usr);
            break;
        }
        default:
            break;
        }
        for (CXCursor child : childrenOf(c))
            analyze(child, st);
    }

    void record(CXCursor declaration)
    {
        const QString usr = take(clang_getCursorUSR(declaration));
        if (usr.isEmpty() || m_model.declarations.contains(usr))
            return;
        const CXCursorKind kind = clang_getCursorKind(declaration);
        CodeDeclaration d;
        d.name = take(clang_getCursorSpelling(declaration));
        d.isFunction = isFunctionKind(kind);
        CXCursor where = d.isFunction ? clang_getCanonicalCursor(declaration) : declaration;
        const Span s = spanOf(where);
        d.first = static_cast<int>(s.startLine);
        d.last = static_cast<int>(s.endLine);
        if (d.isFunction)
            if (auto body = bodyOf(where))
                d.last = static_cast<int>(spanOf(*body).startLine);
        if (s.file) {
            const QString path = take(clang_getFileName(s.file));
            d.file = m_snapshot.repositoryPath(path);
            if (d.file.isEmpty()) // e.g. /usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/vector
                d.outsidePath = QFileInfo(path).canonicalFilePath().isEmpty() ? path : QFileInfo(path).canonicalFilePath();
        }
        const CXCursorKind parent = clang_getCursorKind(clang_getCursorSemanticParent(declaration));
        d.isLocal = (kind == CXCursor_VarDecl || kind == CXCursor_ParmDecl) && isFunctionKind(parent);
        m_model.declarations.insert(usr, d);
    }

    CXTranslationUnit m_tu;
    CXFile m_main;
    const SourceSnapshot &m_snapshot;
    CodeModel &m_model;
    std::vector<Token> m_tokens;
    int m_parent = -1; // the control statement whose body is being walked
};


} // namespace

void analyzeTranslationUnit(CXTranslationUnit tu, CXFile mainFile, const SourceSnapshot &snapshot, CodeModel &model)
{
    Analyzer(tu, mainFile, snapshot, model).run();
}

} // namespace rd
