#pragma once

#include <QDialog>

class QComboBox;
class QLineEdit;
class QStackedWidget;

namespace rd {

class ExchangeService;

// File ▸ Import…: an AACR-Bench samples file (as ground truth, candidates
// or labelled, with an optional repository map) or a ReviewDesk run, into
// the session's workspace. An error is shown in a dialog naming the file and
// the position in it; the workspace is then unchanged and this dialog stays.
class ImportDialog : public QDialog
{
    Q_OBJECT

public:
    ImportDialog(ExchangeService *exchange, QWidget *parent = nullptr);

    enum class Source { Aacr, Run };
    void setSource(Source source);
    void setFile(const QString &file);
    void setAacrKind(const QString &kind); // ground-truth, candidates, labelled
    void setRepoMap(const QString &file);
    void setRunRepository(const QString &repository);

    // Runs the import; true when it stored the file (the summary is shown).
    bool import();
    QString lastMessage() const { return m_lastMessage; }

private:
    ExchangeService *m_exchange;
    QComboBox *m_source;
    QLineEdit *m_file;
    QStackedWidget *m_pages;
    QComboBox *m_kind;
    QComboBox *m_samples;
    QLineEdit *m_annotator;
    QLineEdit *m_repoMap;
    QLineEdit *m_repository;
    QLineEdit *m_base;
    QLineEdit *m_head;
    QString m_lastMessage;
};

} // namespace rd
