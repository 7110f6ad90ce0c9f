#pragma once

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;

namespace rd {

class ExchangeService;

// File ▸ Export…: the workspace (or the open merge request) in one of the
// export formats (exportFormats()), written to a file. Errors appear in a
// dialog and this dialog stays open.
class ExportDialog : public QDialog
{
    Q_OBJECT

public:
    ExportDialog(ExchangeService *exchange, QWidget *parent = nullptr);

    void setFormat(const QString &name);
    void setOutput(const QString &file);
    void setOnlyCurrentMergeRequest(bool only);
    bool exportNow(); // true when the file was written
    QString lastMessage() const { return m_lastMessage; }

private:
    void formatChanged();

    ExchangeService *m_exchange;
    QComboBox *m_format;
    QLabel *m_description;
    QCheckBox *m_onlyCurrent;
    QDoubleSpinBox *m_delta;
    QComboBox *m_pairs; // trl-dpo: which rules make the pairs
    QLineEdit *m_output;
    QString m_lastMessage;
};

} // namespace rd
